import {
  AUTH_MESSAGES,
  getProfile,
  logout,
  mayCall,
  OWNER_ONLY,
  ROLE_MESSAGES,
  totpEnable,
  totpSetup,
  TWO_FACTOR_MESSAGES,
  type AnyEndpoint,
  type Role,
} from '@cabdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';
import { hashToken } from '../../lib/tokens';
import { findSession, touchSession } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token (sign-in and password recovery). */
    public?: boolean;
  }
  interface FastifyRequest {
    session: {
      id: number;
      adminId: number;
      role: Role;
      /** Two-factor sign-in is required of everyone and this administrator has not set it up. */
      mustEnrol: boolean;
    } | null;
  }
}

/** What an administrator who must set up two-factor sign-in may call until they have. */
const ENROLMENT_CALLS: readonly AnyEndpoint[] = [getProfile, totpSetup, totpEnable, logout];

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/** The 403 of a call `role` may not make. */
export const roleRefused = (role: Role) =>
  new HttpError(403, ROLE_MESSAGES.forbidden.replace('{role}', role));

/**
 * Every API route needs a live session of an Active administrator unless it
 * is marked `config.public`, and that administrator's role must be one of the
 * route's endpoint's `roles` (403 otherwise; a route without an endpoint is
 * the Owner's). While two-factor sign-in is required and not set up, only its
 * set-up is open. Every call reads its session from the database, so a change
 * made by any instance holds from the next call (decision 009).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // Only API routes are guarded: unknown paths fall through to a 404.
    if (!request.routeOptions.url?.startsWith(app.apiBase)) return;
    if (request.routeOptions.config.public) return;
    const token = bearer(request);
    const session = token
      ? await findSession(app.database.db, hashToken(token), app.config.session)
      : null;
    if (!session) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    request.session = session;
    await touchSession(app.database.db, session);
    const endpoint = request.routeOptions.config.endpoint;
    if (session.mustEnrol && !ENROLMENT_CALLS.some((call) => call === endpoint)) {
      throw new HttpError(403, TWO_FACTOR_MESSAGES.setUpRequired);
    }
    if (!mayCall(session.role, endpoint ?? { roles: OWNER_ONLY })) {
      throw roleRefused(session.role);
    }
  });
});

/** The signed-in administrator of an authenticated route. */
export function sessionOf(request: FastifyRequest) {
  if (!request.session) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
  return request.session;
}
