import {
  INTEGRATION_KEY_MESSAGES,
  integrationImportByOwner,
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
  integrationKeyList,
  integrationKeyRevoke,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { acceptImportFiles, importRequest } from './import.routes';
import { newIntegrationKey } from './key-format';
import { insertKey, listKeys, revokeKey } from './keys.repository';

/** Settings -> Integrations: the Owners' keys of the integration API. */
export async function integrationKeyRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, integrationKeyList, async () => ({
    status: true,
    message: INTEGRATION_KEY_MESSAGES.listed,
    data: { keys: await listKeys(db) },
  }));

  route(app, integrationKeyCreate, async (request) => {
    const owner = sessionOf(request);
    const { name, scopes } = request.body;
    const made = newIntegrationKey();
    const row = await db.transaction(async (tx) => {
      const inserted = await insertKey(tx, {
        name,
        scopes,
        keyHash: made.hash,
        prefix: made.prefix,
        createdBy: owner.adminId,
      });
      await audit(tx, request, {
        action: 'integration_key_create',
        tableName: 'integration_keys',
        recordId: inserted.id,
        after: { name, scopes, prefix: made.prefix },
      });
      return inserted;
    });
    return {
      status: true,
      message: INTEGRATION_KEY_MESSAGES.created,
      data: { id: row.id, key: made.key },
    };
  });

  route(app, integrationKeyRevoke, async (request) => {
    const result = await db.transaction(async (tx) => {
      const revoked = await revokeKey(tx, request.body.id, app.clock());
      if (revoked.kind !== 'done') return revoked;
      await audit(tx, request, {
        action: 'integration_key_revoke',
        tableName: 'integration_keys',
        recordId: revoked.key.id,
        before: { revoked_at: null },
        after: { name: revoked.key.name, revoked_at: revoked.key.revoked_at },
      });
      return revoked;
    });
    if (result.kind === 'missing') throw new HttpError(404, INTEGRATION_KEY_MESSAGES.missing);
    if (result.kind === 'revoked') {
      throw new HttpError(409, INTEGRATION_KEY_MESSAGES.alreadyRevoked);
    }
    return { status: true, message: INTEGRATION_KEY_MESSAGES.revoked, data: result.key };
  });

  // An Owner's import (Settings -> Integrations): every kind, the same rows as POST import.
  acceptImportFiles(app);
  route(app, integrationImportByOwner, async (request) => {
    const report = await importRequest(
      app.database,
      request,
      { adminId: sessionOf(request).adminId },
      app.clock,
    );
    await audit(db, request, {
      action: 'integration_import',
      tableName: 'import',
      after: { accepted: report.accepted, rejected: report.rejected },
    });
    return {
      status: true,
      message: INTEGRATION_MESSAGES.imported
        .replace('{accepted}', String(report.accepted))
        .replace('{rejected}', String(report.rejected)),
      data: report,
    };
  });
}
