import { INTEGRATION_MESSAGES } from '@cabdesk/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The integration key of a call of the integration API (door.ts). */
    integrationKey: { id: number; scopes: readonly string[] } | null;
  }
}

/** The key of an integration call, as its handler needs it. */
export function integrationKeyOf(request: FastifyRequest) {
  if (!request.integrationKey) throw new HttpError(401, INTEGRATION_MESSAGES.noKey);
  return request.integrationKey;
}
