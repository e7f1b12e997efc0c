import { INTEGRATION_BASE, INTEGRATION_MESSAGES, PER_RECORD_SCOPE } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { openApiDocument } from '../../lib/openapi';
import { take } from '../../lib/rate-limit';
import { hashToken } from '../../lib/tokens';
import { bearer, tooManyRequests } from '../auth';
import { integrationCaseRoutes } from './cases.routes';
import { integrationDocumentRoutes } from './documents.routes';
import { integrationImportRoutes } from './import.routes';
import { findKeyByHash, touchKey } from './keys.repository';
import { integrationPeopleRoutes } from './people.routes';
import { integrationPositionRoutes } from './positions.routes';
import './request-key';
import { integrationTripRoutes } from './trips.routes';
import { integrationVehicleRoutes } from './vehicles.routes';

/** Where the integration API's own OpenAPI document answers. */
export const INTEGRATION_OPENAPI_URL = `${INTEGRATION_BASE}openapi.json`;

/** A key's last use is written at most this often: the screen shows it to the minute. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The integration API (`/taxi-service/integration/v1/`): the marketplace's
 * door. Every call needs `Authorization: Bearer <integration key>` (401
 * without one, or with an unknown or revoked key, an administrator's session
 * token included), the scope the call names (403), and stays within the
 * key's rate limit (429 with Retry-After). Keys reach nothing else: the
 * admin API knows only sessions. Its OpenAPI document is public, like the
 * admin API's.
 */
export async function integrationApi(app: FastifyInstance) {
  const { db } = app.database;
  const document = openApiDocument('integration');

  app.decorateRequest('integrationKey', null);
  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.endpoint?.scope;
    if (!scope) return;
    const token = bearer(request);
    if (!token) throw new HttpError(401, INTEGRATION_MESSAGES.noKey);
    const key = await findKeyByHash(db, hashToken(token));
    if (!key || key.revokedAt) throw new HttpError(401, INTEGRATION_MESSAGES.badKey);
    // An import's rows are each checked for their own kind's scope (import.ts).
    if (scope !== PER_RECORD_SCOPE && !key.scopes.includes(scope)) {
      throw new HttpError(403, INTEGRATION_MESSAGES.noScope.replace('{scope}', scope));
    }
    const now = app.clock();
    const verdict = await take(db, `integration:${key.id}`, app.config.integrationLimit, now);
    if (!verdict.allowed) {
      throw tooManyRequests(reply, verdict.retryAfterSeconds, INTEGRATION_MESSAGES.tooMany);
    }
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      await touchKey(db, key.id, now, LAST_USED_EVERY_MS);
    }
    request.integrationKey = { id: key.id, scopes: key.scopes };
  });

  app.get(INTEGRATION_OPENAPI_URL, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  );
  await app.register(integrationPeopleRoutes);
  await app.register(integrationVehicleRoutes);
  await app.register(integrationTripRoutes);
  await app.register(integrationDocumentRoutes);
  await app.register(integrationImportRoutes);
  await app.register(integrationPositionRoutes);
  await app.register(integrationCaseRoutes);
}
