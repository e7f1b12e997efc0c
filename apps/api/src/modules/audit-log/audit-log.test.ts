import { approvalUser, auditLog, login, statusUpdate } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createDriver, createVehicle } from '../../../test/builders';
import { rowsOf } from '../../lib/sql';
import { ADMIN, buildTestApp, callApi, createAdmin, signedIn } from '../../../test/helper';

const COLLEAGUE = { email: 'olga@cabdesk.test', password: 'a fine long passphrase' };

/** An Owner and an Operator; the Operator fails a sign-in, then approves a driver. */
async function deskWithHistory() {
  const { app, database } = await buildTestApp();
  const owner = await createAdmin(database);
  const operator = await createAdmin(database, COLLEAGUE, 'Operator');
  const failed = await callApi(app, login, {
    email: COLLEAGUE.email,
    password: 'not the password',
    user_type: 'Admin',
    device_type: 'Web',
  });
  expect(failed.statusCode).toBe(401);
  const theirs = await signedIn(app, COLLEAGUE);
  const driver = await createDriver(database, { approval: 'Pending' });
  const approved = await theirs.call(approvalUser, {
    id: driver.id,
    table: 'users',
    approval: 'Approved',
  });
  expect(approved.statusCode).toBe(200);
  const { call } = await signedIn(app, ADMIN);
  return { app, database, owner, operator, driver, call };
}

type Entry = {
  action: string;
  table_name: string;
  record_id: number | null;
  admin: { id: number; name: string } | null;
  record_role: string | null;
  before: unknown;
  after: unknown;
};

describe('audit-log', () => {
  it('lists every action newest first: sign-ins, failed sign-ins and changes, with who, the record and before -> after', async () => {
    const { call, owner, operator, driver } = await deskWithHistory();
    const res = await call(auditLog, {});
    expect(res.statusCode).toBe(200);
    const entries = res.body.data.data as Entry[];
    expect(entries.map((e) => [e.action, e.admin?.id])).toEqual([
      ['login', owner.id],
      ['approval-user', operator.id],
      ['login', operator.id],
      ['login_failed', operator.id],
    ]);
    const decision = entries[1]!;
    expect(decision).toMatchObject({
      table_name: 'users',
      record_id: driver.id,
      // The screen links a person's record by their role.
      record_role: 'Driver',
      before: { approval: 'Pending' },
      after: { approval: 'Approved' },
    });
  });

  it('filters by administrator, action, record kind and day, each alone and together', async () => {
    const { call, operator } = await deskWithHistory();
    const actions = async (query: Record<string, unknown>) => {
      const res = await call(auditLog, query);
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.data as Entry[]).map((e) => e.action);
    };
    expect(await actions({ admin_id: operator.id })).toEqual([
      'approval-user',
      'login',
      'login_failed',
    ]);
    expect(await actions({ action: 'login' })).toEqual(['login', 'login']);
    expect(await actions({ table: 'users' })).toEqual(['approval-user']);
    // A table named like an object's own property is a table that has no entries.
    expect(await actions({ table: '__proto__' })).toEqual([]);
    expect(await actions({ table: 'constructor' })).toEqual([]);
    expect(await actions({ admin_id: operator.id, action: 'login' })).toEqual(['login']);

    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(await actions({ from: day(0), to: day(0), table: 'users' })).toEqual(['approval-user']);
    expect(await actions({ from: day(1) })).toEqual([]);
    expect(await actions({ to: day(-1) })).toEqual([]);
    expect(await actions({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
  });

  it('refuses a malformed date, or one before AD 1, with a clear 400', async () => {
    const { call } = await deskWithHistory();
    for (const query of [
      { from: '31/01/2025' },
      { to: '0000-02-29' },
      { to: '0000-02-29T21:13:42.03277Z' },
      { from: '0001-01-01T00:00:00+01:00' },
    ]) {
      const res = await call(auditLog, query);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.body.message).toBe(
        'Use a date (2025-01-31) or a date and time (2025-01-31T09:00:00Z).',
      );
    }
  });

  it('reads each filter from an index of audit_log', async () => {
    const { database } = await deskWithHistory();
    const indexes = await rowsOf<{ indexdef: string }>(
      database.db,
      sql`select indexdef from pg_indexes where tablename = 'audit_log'`,
    );
    const defs = indexes.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/\(admin_id, created_at, id\)/);
    expect(defs).toMatch(/\(action, created_at, id\)/);
    expect(defs).toMatch(/\(table_name, created_at, id\)/);
  });

  it('names each record by what it is called, and finds entries by that name or among the companies', async () => {
    const { call, database, driver } = await deskWithHistory();
    const company = await createCompany(database, {
      name: 'Carl Checker',
      companyName: 'Checker Transport',
      phone: '7171573947',
    });
    await createVehicle(database, { licenseNumber: 'LWN-2992', companyId: company.id });
    expect(
      (await call(statusUpdate, { id: company.id, table: 'users', status: 'Inactive' })).statusCode,
    ).toBe(200);

    const all = (await call(auditLog, {})).body.data.data as (Entry & { record_name: string })[];
    const deactivated = all.find((e) => e.action === 'status-update');
    expect(deactivated).toMatchObject({
      table_name: 'users',
      record_id: company.id,
      record_role: 'Company',
      record_name: 'Checker Transport',
    });
    expect(all.find((e) => e.action === 'approval-user')?.record_name).toBe(
      (
        await rowsOf<{ name: string }>(
          database.db,
          sql`select name from users where id = ${driver.id}`,
        )
      )[0]?.name,
    );

    const ids = async (query: Record<string, string>) =>
      ((await call(auditLog, query)).body.data.data as { id: number; record_id: number }[]).map(
        (e) => e.record_id,
      );
    for (const search of ['checker transport', 'CHECKER', '(717) 157-3947']) {
      expect(await ids({ search }), search).toEqual([company.id]);
    }
    expect(await ids({ table: 'companies' })).toEqual([company.id]);
    expect(await ids({ table: 'drivers' })).toEqual([driver.id]);
    expect(await ids({ table: 'passengers' })).toEqual([]);
    expect(await ids({ table: 'companies', search: 'nobody by that name' })).toEqual([]);
  });
});
