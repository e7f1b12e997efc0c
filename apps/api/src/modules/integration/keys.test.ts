import {
  getProfile,
  INTEGRATION_KEY_MESSAGES,
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
  integrationKeyList,
  integrationKeyRevoke,
  integrationPeople,
} from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, integrationKeys } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { bearer, callApi, createAdmin, signedIn, signedInApp } from '../../../test/helper';

const PERSON = {
  external_id: 'p-1',
  user_type: 'User',
  name: 'Ann Lee',
  email: 'ann@example.test',
  phone: '+1 555 0100',
};

describe('integration keys (Settings -> Integrations)', () => {
  it('are made by an Owner, shown once, stored hashed, listed without the key, and audited', async () => {
    const { app, database, call, admin } = await signedInApp();
    const made = await call(integrationKeyCreate, {
      name: ' Marketplace backend ',
      scopes: ['vehicles:write', 'people:write', 'people:write'],
    });
    expect(made.statusCode).toBe(200);
    expect(made.body.message).toBe(INTEGRATION_KEY_MESSAGES.created);
    const { id, key } = made.body.data as { id: number; key: string };
    expect(key).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);

    // Only the hash is kept; the prefix tells keys apart.
    const [row] = await database.db
      .select()
      .from(integrationKeys)
      .where(eq(integrationKeys.id, id));
    expect(row!.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(key.startsWith(row!.prefix)).toBe(true);
    expect(row!.prefix).toHaveLength(12);

    const list = await call(integrationKeyList);
    expect(list.body.data.keys).toEqual([
      {
        id,
        name: 'Marketplace backend',
        // Each once, in the contract's order.
        scopes: ['people:write', 'vehicles:write'],
        prefix: row!.prefix,
        created_at: expect.any(String),
        created_by: 'Test Admin',
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key);

    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'integration_keys'));
    expect(entries.map((e) => [e.action, e.recordId, e.adminId])).toEqual([
      ['integration_key_create', id, admin.id],
    ]);
    expect(JSON.stringify(entries)).not.toContain(key);

    // The key works on the integration API, and its use shows in the list.
    const used = await callApi(app, integrationPeople, PERSON, bearer(key));
    expect(used.statusCode).toBe(200);
    expect((await call(integrationKeyList)).body.data.keys[0].last_used_at).toEqual(
      expect.any(String),
    );
  });

  it('refuses a key without a name or scopes, or with an unknown scope, writing nothing', async () => {
    const { database, call } = await signedInApp();
    const empty = await call(integrationKeyCreate, { name: ' ', scopes: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.data.errors).toEqual({
      name: INTEGRATION_KEY_MESSAGES.nameRequired,
      scopes: INTEGRATION_KEY_MESSAGES.scopesRequired,
    });
    const unknown = await call(integrationKeyCreate, { name: 'x', scopes: ['admin:everything'] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.body.data.errors)).toEqual(['scopes.0']);
    expect(await database.db.select().from(integrationKeys)).toEqual([]);
    expect(
      await database.db.select().from(auditLog).where(eq(auditLog.tableName, 'integration_keys')),
    ).toEqual([]);
  });

  it('are revoked at once: the next request answers 401, and the revocation is audited', async () => {
    const { app, database, call } = await signedInApp();
    const { id, key } = (
      await call(integrationKeyCreate, { name: 'Old', scopes: ['people:write'] })
    ).body.data;
    expect((await callApi(app, integrationPeople, PERSON, bearer(key))).statusCode).toBe(200);

    const revoked = await call(integrationKeyRevoke, { id });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body.data.revoked_at).toEqual(expect.any(String));

    const refused = await callApi(app, integrationPeople, PERSON, bearer(key));
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toEqual({
      status: false,
      message: INTEGRATION_MESSAGES.badKey,
      data: null,
    });

    expect((await call(integrationKeyRevoke, { id })).statusCode).toBe(409);
    expect((await call(integrationKeyRevoke, { id: id + 100 })).statusCode).toBe(404);
    const actions = (
      await database.db.select().from(auditLog).where(eq(auditLog.tableName, 'integration_keys'))
    ).map((e) => e.action);
    expect(actions).toEqual(['integration_key_create', 'integration_key_revoke']);
  });

  it('are for Owners only, and reach nothing of the admin API', async () => {
    const { app, database, call } = await signedInApp();
    const { key } = (await call(integrationKeyCreate, { name: 'K', scopes: ['people:write'] })).body
      .data;
    const operator = { email: 'op@cabdesk.test', password: 'another long passphrase' };
    await createAdmin(database, operator, 'Operator');
    const asOperator = await signedIn(app, operator);
    expect((await asOperator.call(integrationKeyList)).statusCode).toBe(403);
    expect(
      (await asOperator.call(integrationKeyCreate, { name: 'x', scopes: ['people:write'] }))
        .statusCode,
    ).toBe(403);

    // A key is no session.
    expect((await callApi(app, getProfile, {}, bearer(key))).statusCode).toBe(401);
    expect((await callApi(app, integrationKeyList, {}, bearer(key))).statusCode).toBe(401);
  });
});
