import {
  approvalUser,
  couponAdd,
  deleteData,
  DIRECTORY_MESSAGES,
  userList,
} from '@cabdesk/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, coupons, users, vehicles } from '../../src/db/schema';
import { createDriver, createUser, createVehicle } from '../builders';
import { api, bearer, buildTestApp, createAdmin, signIn } from '../helper';

/**
 * 50 requests at once on the same record (on PGlite, and on PostgreSQL with a
 * pool of connections in the PostgreSQL run): one wins, the others get a clear
 * 4xx, and the database ends in one consistent state with one audit row.
 */
const N = 50;

async function setUp() {
  const built = await buildTestApp();
  await createAdmin(built.database);
  const token = await signIn(built.app);
  const fire = (path: string, payloads: object[]) =>
    Promise.all(
      payloads.map((payload) =>
        built.app.inject({ method: 'POST', url: api(path), headers: bearer(token), payload }),
      ),
    );
  const auditRows = async (action: string, table: string) =>
    built.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.tableName, table)));
  return { ...built, fire, auditRows };
}

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe(`${N} simultaneous requests on one record`, () => {
  it('approvals and rejections of one pending driver: one decision stands', async () => {
    const { database, fire, auditRows } = await setUp();
    const driver = await createDriver(database, { approval: 'Pending' });
    const decisions = Array.from({ length: N }, (_, i) => (i % 2 ? 'Approved' : 'Rejected'));
    const answers = await fire(
      approvalUser.path,
      decisions.map((approval) => ({ id: driver.id, table: 'users', approval })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(tally(codes)).toEqual({ 200: 1, 409: N - 1 });
    const winner = answers.find((r) => r.statusCode === 200)!.json().data.approval;
    for (const res of answers) {
      const body = res.json();
      expect(body.status).toBe(res.statusCode === 200);
      if (res.statusCode === 409) {
        // Every loser is told which decision stands.
        expect(body.message).toBe(
          `${DIRECTORY_MESSAGES.alreadyDecided} This one is already ${winner}.`,
        );
      }
    }
    const [row] = await database.db.select().from(users).where(eq(users.id, driver.id));
    expect(row!.approval).toBe(winner);
    const audits = await auditRows('approval-user', 'users');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.recordId).toBe(driver.id);
  });

  it('approvals of one pending vehicle: one decision stands', async () => {
    const { database, fire, auditRows } = await setUp();
    const vehicle = await createVehicle(database, { approval: 'Pending' });
    const answers = await fire(
      approvalUser.path,
      Array.from({ length: N }, () => ({
        id: vehicle.id,
        table: 'vehicles',
        approval: 'Approved',
      })),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await database.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row!.approval).toBe('Approved');
    expect(await auditRows('approval-user', 'vehicles')).toHaveLength(1);
  });

  it('deletes of one user: deleted once, counted once', async () => {
    const { app, database, fire, auditRows } = await setUp();
    const keep = await createUser(database);
    const doomed = await createUser(database);
    const token = await signIn(app);
    const totalOf = async () =>
      (
        await app.inject({
          url: api(`${userList.path}?user_type=User`),
          headers: bearer(token),
        })
      ).json().data.total as number;
    expect(await totalOf()).toBe(2);

    const answers = await fire(
      deleteData.path,
      Array.from({ length: N }, () => ({ id: doomed.id, table: 'users' })),
    );
    const codes = tally(answers.map((r) => r.statusCode));
    expect(codes[200]).toBe(1);
    expect((codes[404] ?? 0) + (codes[409] ?? 0)).toBe(N - 1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.json()).toMatchObject({ status: false, message: expect.any(String) });
    }
    const live = await database.db.select().from(users).where(isNull(users.deletedAt));
    expect(live.map((u) => u.id)).toEqual([keep.id]);
    expect(await auditRows('delete-data', 'users')).toHaveLength(1);
    // The kept-up-to-date list total moved by exactly one.
    expect(await totalOf()).toBe(1);
  });

  it('adds of the same coupon code: one coupon, the rest told the code is taken', async () => {
    const { database, fire, auditRows } = await setUp();
    const answers = await fire(
      couponAdd.path,
      Array.from({ length: N }, (_, i) => ({
        title: `Offer ${i}`,
        coupon_code: 'SAME50',
        discount: 50,
        description: 'Half off',
      })),
    );
    const codes = tally(answers.map((r) => r.statusCode));
    expect(codes[200]).toBe(1);
    expect(codes[200]! + (codes[409] ?? 0) + (codes[400] ?? 0)).toBe(N);
    const refusals = new Set(
      answers.filter((r) => r.statusCode !== 200).map((r) => r.json().message as string),
    );
    expect(refusals.size).toBe(1);
    const rows = await database.db
      .select()
      .from(coupons)
      .where(sql`${coupons.couponCode} = 'SAME50'`);
    expect(rows).toHaveLength(1);
    expect(await auditRows('create', 'coupons')).toHaveLength(1);
  });

  it('adds of different coupons: every one is saved, each exactly once', async () => {
    const { database, fire, auditRows } = await setUp();
    const answers = await fire(
      couponAdd.path,
      Array.from({ length: N }, (_, i) => ({
        title: `Offer ${i}`,
        coupon_code: `CODE${i}`,
        discount: 10,
        description: 'Ten off',
      })),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: N });
    const rows = await database.db.select().from(coupons);
    expect(new Set(rows.map((r) => r.couponCode)).size).toBe(N);
    expect(await auditRows('create', 'coupons')).toHaveLength(N);
  });
});
