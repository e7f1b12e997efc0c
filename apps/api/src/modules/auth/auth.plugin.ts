import { AUTH_MESSAGES } from '@cabdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';
import { findSession, touchSession } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token (sign-in and password recovery). */
    public?: boolean;
  }
  interface FastifyRequest {
    session: { id: number; adminId: number } | null;
  }
}

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/**
 * Every API route needs a live session unless it is marked `config.public`.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // Only API routes are guarded: unknown paths fall through to a 404.
    if (!request.routeOptions.url?.startsWith(app.apiBase)) return;
    if (request.routeOptions.config.public) return;
    const token = bearer(request);
    const session = token ? await findSession(app.database.db, token, app.config.session) : null;
    if (!session) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    request.session = { id: session.id, adminId: session.adminId };
    await touchSession(app.database.db, session);
  });
});

/** The signed-in administrator of an authenticated route. */
export function sessionOf(request: FastifyRequest) {
  if (!request.session) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
  return request.session;
}
