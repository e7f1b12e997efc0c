import { INTEGRATION_BASE, INTEGRATION_MESSAGES, PER_RECORD_SCOPE } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { openApiDocument } from '../../lib/openapi';
import { secondsUntil, windowOf } from '../../lib/rate-limit';
import { hashToken } from '../../lib/tokens';
import { bearer, tooManyRequests } from '../auth';
import { integrationCaseRoutes } from './cases.routes';
import { integrationDocumentRoutes } from './documents.routes';
import { integrationImportRoutes } from './import.routes';
import { authoriseKey } from './keys.repository';
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
 * key's rate limit (429 with Retry-After), all checked by one statement
 * (authoriseKey). Keys reach nothing else: the
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
    const now = app.clock();
    const limit = app.config.integrationLimit;
    const key = await authoriseKey(db, {
      keyHash: hashToken(token),
      // An import's rows are each checked for their own kind's scope (import.ts).
      scope: scope === PER_RECORD_SCOPE ? null : scope,
      limit,
      now,
      lastUsedEveryMs: LAST_USED_EVERY_MS,
    });
    if (key.kind === 'unknown' || key.kind === 'revoked') {
      throw new HttpError(401, INTEGRATION_MESSAGES.badKey);
    }
    if (key.kind === 'no-scope') {
      throw new HttpError(403, INTEGRATION_MESSAGES.noScope.replace('{scope}', scope));
    }
    if (key.kind === 'too-many') {
      const retryAfter = secondsUntil(windowOf(limit, now).end, now);
      throw tooManyRequests(reply, retryAfter, INTEGRATION_MESSAGES.tooMany);
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
