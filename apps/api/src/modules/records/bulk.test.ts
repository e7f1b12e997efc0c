import { approvalUser, bulkAction } from '@cabdesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, users, vehicles } from '../../db/schema';
import { createCompany, createDriver, createUser, createVehicle } from '../../../test/builders';
import { bearer, createAdmin, signedIn, signedInApp } from '../../../test/helper';

const SUPPORT = { email: 'support@cabdesk.test', password: 'another long passphrase' };

/** `n` Pending drivers of a company, in one statement. */
async function pendingDrivers(
  db: Awaited<ReturnType<typeof signedInApp>>['database']['db'],
  companyId: number,
  n: number,
) {
  await db.execute(sql`
    insert into users (role, name, email, company_id, approval)
    select 'Driver', 'Bulk driver ' || g, 'bulk' || g || '@example.test', ${companyId}, 'Pending'
    from generate_series(1, ${n}) g`);
}

describe('bulk-action', () => {
  it('approves the Pending, skips the already approved and fails the rest with the single call’s message', async () => {
    const { database, admin, call } = await signedInApp();
    const pending = await createDriver(database, { approval: 'Pending' });
    const company = await createCompany(database, { approval: 'Pending' });
    const approved = await createDriver(database, { approval: 'Approved' });
    const rejected = await createDriver(database, { approval: 'Rejected' });
    const passenger = await createUser(database);
    const deleted = await createDriver(database, { approval: 'Pending', deletedAt: new Date() });

    const res = await call(bulkAction, {
      action: 'approve',
      table: 'users',
      ids: [pending.id, company.id, approved.id, rejected.id, passenger.id, deleted.id, pending.id],
    });

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: '2 changed, 1 already so, 3 failed.',
      data: {
        done: [pending.id, company.id],
        skipped: [approved.id],
        failed: [
          {
            id: rejected.id,
            message:
              'Only a Pending record can be approved or rejected. This one is already Rejected.',
          },
          { id: passenger.id, message: 'Passengers are not approved or rejected.' },
          { id: deleted.id, message: 'User not found.' },
        ],
      },
    });
    // Each change audited and announced like approval-user's.
    const audited = await database.db
      .select({
        record: auditLog.recordId,
        action: auditLog.action,
        admin: auditLog.adminId,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(eq(auditLog.action, 'approval-user'));
    expect(audited).toEqual([
      {
        record: pending.id,
        action: 'approval-user',
        admin: admin.id,
        after: { approval: 'Approved', reason: null },
      },
      {
        record: company.id,
        action: 'approval-user',
        admin: admin.id,
        after: { approval: 'Approved', reason: null },
      },
    ]);
    // One notification for the whole action (a driver and a company: accounts).
    const [notice, ...more] = await database.db.select().from(notifications);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: '2 accounts approved',
      message: '2 accounts were approved by Test Admin in one bulk action.',
      link: expect.stringMatching(
        new RegExp(
          `^/audit-log\\?action=approval-user&table=users&from=\\d{4}-\\d{2}-\\d{2}&to=\\d{4}-\\d{2}-\\d{2}&admin_id=${admin.id}$`,
        ),
      ),
    });
  });

  it('rejects with one reason for all, and answers in Spanish', async () => {
    const { database, call, token } = await signedInApp();
    const vehicle = await createVehicle(database, { approval: 'Pending' });
    const res = await call(
      bulkAction,
      { action: 'reject', table: 'vehicles', ids: [vehicle.id], reason: ' Blurred plate. ' },
      { ...bearer(token), 'accept-language': 'es' },
    );
    expect(res.body.message).toBe('1 cambiados, 0 ya lo estaban, 0 con error.');
    expect(res.body.data).toEqual({ done: [vehicle.id], skipped: [], failed: [] });
    const [row] = await database.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect([row?.approval, row?.approvalReason]).toEqual(['Rejected', 'Blurred plate.']);
  });

  it('selects every record a filter keeps, across pages, and works 200 to a transaction', async () => {
    const { database, call } = await signedInApp();
    const company = await createCompany(database);
    const other = await createCompany(database);
    await pendingDrivers(database.db, company.id, 450);
    const elsewhere = await createDriver(database, { companyId: other.id, approval: 'Pending' });

    const res = await call(bulkAction, {
      action: 'approve',
      table: 'users',
      filter: { user_type: 'Driver', company_id: String(company.id), approval: 'Pending' },
    });

    expect(res.statusCode).toBe(200);
    expect(res.body.data.done).toHaveLength(450);
    expect(res.body.data.skipped).toEqual([]);
    const left = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'Driver'), eq(users.approval, 'Pending')));
    expect(left).toEqual([{ id: elsewhere.id }]);
    // One audit row per change; now() is the transaction's start: one time per chunk.
    const times = await database.db
      .select({ at: auditLog.createdAt, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'approval-user'))
      .groupBy(auditLog.createdAt)
      .orderBy(auditLog.createdAt);
    expect(times.map((t) => t.n)).toEqual([200, 200, 50]);
    // One notification (so one push) for the 450, naming the kind and who did it.
    const sent = await database.db.select().from(notifications);
    expect(sent.map((n) => [n.title, n.message])).toEqual([
      ['450 drivers approved', '450 drivers were approved by Test Admin in one bulk action.'],
    ]);
  });

  it('activates and deactivates: the unchanged skipped, a company not yet approved failed', async () => {
    const { database, call } = await signedInApp();
    const active = await createUser(database);
    const inactive = await createDriver(database, { status: 'Inactive' });
    const company = await createCompany(database, { approval: 'Pending' });

    const res = await call(bulkAction, {
      action: 'deactivate',
      table: 'users',
      ids: [active.id, inactive.id, company.id],
    });
    expect(res.body.data).toEqual({
      done: [active.id],
      skipped: [inactive.id],
      failed: [
        {
          id: company.id,
          message: 'A company can be activated or deactivated only once Approved.',
        },
      ],
    });
    const audited = await database.db
      .select({ record: auditLog.recordId })
      .from(auditLog)
      .where(eq(auditLog.action, 'status-update'));
    expect(audited).toEqual([{ record: active.id }]);
  });

  it('never applies a concurrent single decision twice', async () => {
    const { database, call } = await signedInApp();
    const drivers = await Promise.all(
      [1, 2, 3].map(() => createDriver(database, { approval: 'Pending' })),
    );
    const target = drivers[2]!;

    const [bulk, single] = await Promise.all([
      call(bulkAction, { action: 'approve', table: 'users', ids: drivers.map((d) => d.id) }),
      call(approvalUser, { id: target.id, table: 'users', approval: 'Rejected', reason: 'No.' }),
    ]);

    const decisions = await database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval-user'), eq(auditLog.recordId, target.id)));
    expect(decisions).toHaveLength(1);
    const [row] = await database.db.select().from(users).where(eq(users.id, target.id));
    if (single.statusCode === 200) {
      expect(row?.approval).toBe('Rejected');
      expect(bulk.body.data.done).not.toContain(target.id);
      expect(bulk.body.data.failed.map((f: { id: number }) => f.id)).toEqual([target.id]);
    } else {
      expect(single.statusCode).toBe(409);
      expect(row?.approval).toBe('Approved');
      expect(bulk.body.data.done).toContain(target.id);
    }
  });

  it('refuses bad requests, changing nothing, and roles that may not decide', async () => {
    const { app, database, call } = await signedInApp();
    const driver = await createDriver(database, { approval: 'Pending' });
    for (const [body, field] of [
      [{ action: 'reject', table: 'users', ids: [driver.id] }, 'reason'],
      [{ action: 'approve', table: 'users' }, 'ids'],
      [{ action: 'approve', table: 'users', ids: [driver.id], filter: {} }, 'ids'],
      [{ action: 'approve', table: 'users', ids: [] }, 'ids'],
      [
        { action: 'approve', table: 'users', ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
        'ids',
      ],
      [{ action: 'activate', table: 'vehicles', ids: [1] }, 'action'],
      [{ action: 'delete', table: 'users', ids: [1] }, 'action'],
      [{ action: 'approve', table: 'rides', ids: [1] }, 'table'],
    ] as const) {
      const res = await call(bulkAction, body);
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect(Object.keys(res.body.data.errors)).toContain(field);
    }
    await createAdmin(database, SUPPORT, 'Support');
    const support = await signedIn(app, SUPPORT);
    const refused = await support.call(bulkAction, {
      action: 'approve',
      table: 'users',
      ids: [driver.id],
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await database.db.select().from(users).where(eq(users.id, driver.id));
    expect(row?.approval).toBe('Pending');
  });

  it('refuses a filter that selects more than 5,000 records, naming how many', async () => {
    const { database, call } = await signedInApp();
    await database.db.execute(sql`
      insert into users (role, name, email)
      select 'User', 'Many ' || g, 'many' || g || '@example.test' from generate_series(1, 5001) g`);
    const res = await call(bulkAction, {
      action: 'deactivate',
      table: 'users',
      filter: { user_type: 'User' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'The filter selects 5001 records; at most 5000 can be changed at once. Narrow it.',
    );
    const changed = await database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.status, ['Inactive']));
    expect(changed).toEqual([]);
  });
});
