import { documentUpdate, statusUpdate, userDetail, vehicleDetail } from '@cabdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditLog, documentExpiries, notifications } from '../../db/schema';
import { createCompany, createDriver, createVehicle } from '../../../test/builders';
import { createSharedTestDatabase, fakeClock, signedInApp } from '../../../test/helper';
import { runDocumentCheck } from './document-check';

const DAY = 86_400;

/** The app on a clock that starts a few minutes into 1 March 2025 (UTC) and that the test moves. */
async function setup() {
  const clock = fakeClock(new Date('2025-03-01T00:05:00Z'));
  const { app, database, call } = await signedInApp(clock.now);
  /** Moves to the next day and runs the check there, as the server's timer would. */
  const nextDay = async (days = 1) => {
    clock.advance(days * DAY);
    return runDocumentCheck(database.db, clock.now());
  };
  return { app, database, call, clock, nextDay };
}

async function expiresOn(
  database: Database,
  table: 'users' | 'vehicles',
  recordId: number,
  document: string,
  day: string,
) {
  await database.db
    .insert(documentExpiries)
    .values({ tableName: table, recordId, document, expiresOn: day });
}

const titles = async (database: Database) =>
  (await database.db.select().from(notifications).orderBy(asc(notifications.id))).map((n) => [
    n.title,
    n.message,
    n.link,
  ]);

const auditsOf = (database: Database, table: string, id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, table), eq(auditLog.recordId, id)))
    .orderBy(asc(auditLog.id));

describe('the daily document check', () => {
  it('reminds 30, 7 and 1 days before, once each; on the day the driver is Inactive; renewal restores', async () => {
    const { database, call, clock, nextDay } = await setup();
    const driver = await createDriver(database, { name: 'Ann Lee', approval: 'Approved' });
    await expiresOn(database, 'users', driver.id, 'driver_licence', '2025-04-05');

    // 1 March: 35 days left, nothing due.
    expect(await runDocumentCheck(database.db, clock.now())).toEqual({
      day: '2025-03-01',
      reminded: { 30: 0, 7: 0, 1: 0 },
      expired: 0,
      suspended: 0,
    });
    // Once a day: the same day again does nothing.
    expect(await runDocumentCheck(database.db, clock.now())).toBeNull();
    expect(await titles(database)).toEqual([]);

    // 6 March: 30 days left.
    expect((await nextDay(5))?.reminded).toEqual({ 30: 1, 7: 0, 1: 0 });
    expect(await titles(database)).toEqual([
      [
        'Document expires in 30 days',
        'The driver licence of Ann Lee expires on 2025-04-05.',
        `/driver-detail/${driver.id}`,
      ],
    ]);
    // 7 March to 28 March: no second 30-day reminder.
    for (let day = 7; day <= 28; day++) {
      expect((await nextDay())?.reminded).toEqual({ 30: 0, 7: 0, 1: 0 });
    }
    // 29 March: 7 days left; 4 April: 1 day left.
    expect((await nextDay())?.reminded).toEqual({ 30: 0, 7: 1, 1: 0 });
    expect((await nextDay(6))?.reminded).toEqual({ 30: 0, 7: 0, 1: 1 });
    expect((await titles(database)).map(([title]) => title)).toEqual([
      'Document expires in 30 days',
      'Document expires in 7 days',
      'Document expires in 1 day',
    ]);
    expect((await call(userDetail, { user_id: driver.id })).body.data).toMatchObject({
      status: 'Active',
      status_reason: null,
    });

    // 5 April, the day it stops being valid: Inactive, with the reason, audited as the server's.
    expect(await nextDay()).toMatchObject({ expired: 1, suspended: 1 });
    expect((await call(userDetail, { user_id: driver.id })).body.data).toMatchObject({
      status: 'Inactive',
      status_reason: 'Document expired',
    });
    expect((await titles(database)).at(-1)).toEqual([
      'Document expired',
      'The driver licence of Ann Lee expired on 2025-04-05. Drivers and vehicles with an expired document are Inactive until it is renewed.',
      `/driver-detail/${driver.id}`,
    ]);
    const [expired] = await auditsOf(database, 'users', driver.id);
    expect(expired).toMatchObject({
      action: 'document-expired',
      adminId: null,
      before: { status: 'Active', status_reason: null },
      after: {
        status: 'Inactive',
        status_reason: 'Document expired',
        document: 'driver_licence',
        expires_on: '2025-04-05',
        reason: 'Document expired',
      },
    });
    // The next days: nothing more.
    expect(await nextDay()).toMatchObject({ expired: 0, suspended: 0 });
    expect(await titles(database)).toHaveLength(4);

    // Renewed: Active again at once, and the reminders start over for the new date.
    const renewed = await call(documentUpdate, {
      table: 'users',
      id: driver.id,
      document: 'driver_licence',
      expires_on: '2025-05-06',
    });
    expect(renewed.body).toEqual({
      status: true,
      message: 'Document updated successfully.',
      data: {
        table: 'users',
        id: driver.id,
        document: 'driver_licence',
        expires_on: '2025-05-06',
        status: 'Active',
      },
    });
    expect((await call(userDetail, { user_id: driver.id })).body.data).toMatchObject({
      status: 'Active',
      status_reason: null,
    });
    expect((await auditsOf(database, 'users', driver.id)).map((r) => r.action)).toEqual([
      'document-expired',
      'document-update',
      'document-renewed',
    ]);
    // 6 April: 30 days before the new date, reminded again.
    expect((await nextDay())?.reminded).toEqual({ 30: 1, 7: 0, 1: 0 });
  });

  it('sends only the nearest reminder after a gap, and one notification for many documents', async () => {
    const { database, clock } = await setup();
    for (const name of ['Ann Lee', 'Bo Chen', 'Cy Diaz', 'Di Eze', 'Ed Fox']) {
      const driver = await createDriver(database, { name, approval: 'Approved' });
      await expiresOn(database, 'users', driver.id, 'driver_licence', '2025-03-06');
    }
    // Nobody checked until 5 days before: the 7-day reminder only, for all five at once.
    expect((await runDocumentCheck(database.db, clock.now()))?.reminded).toEqual({
      30: 0,
      7: 5,
      1: 0,
    });
    expect(await titles(database)).toEqual([
      [
        '5 documents expire in 7 days',
        expect.stringMatching(
          /^Expiring in 7 days: [A-Z][a-z]+ [A-Z][a-z]+ \(driver licence\), .+, .+ and 2 more\.$/,
        ),
        '/expiring-documents?within_days=7',
      ],
    ]);
  });

  it('reports a company and leaves it Active; a vehicle stays Inactive while any document is expired', async () => {
    const { database, call, nextDay } = await setup();
    const company = await createCompany(database, {
      companyName: 'Olive Cabs',
      approval: 'Approved',
    });
    const vehicle = await createVehicle(database, { companyId: company.id, approval: 'Approved' });
    await expiresOn(database, 'users', company.id, 'business_licence', '2025-03-02');
    await expiresOn(database, 'vehicles', vehicle.id, 'registration', '2025-03-02');
    await expiresOn(database, 'vehicles', vehicle.id, 'insurance', '2025-03-02');

    expect(await nextDay()).toMatchObject({ expired: 3, suspended: 1 });
    expect((await call(userDetail, { user_id: company.id })).body.data).toMatchObject({
      status: 'Active',
      status_reason: null,
    });
    expect((await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data).toMatchObject({
      status: 'Inactive',
      status_reason: 'Document expired',
    });
    expect((await titles(database)).at(-1)?.slice(0, 1)).toEqual(['3 documents expired']);

    const renew = (document: string) =>
      call(documentUpdate, {
        table: 'vehicles',
        id: vehicle.id,
        document,
        expires_on: '2026-03-02',
      });
    expect((await renew('insurance')).body.data.status).toBe('Inactive');
    expect((await renew('registration')).body.data.status).toBe('Active');
    expect((await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data).toMatchObject({
      status: 'Active',
      status_reason: null,
    });
  });

  it("leaves an administrator's choice alone, and records that are not Approved", async () => {
    const { database, call, nextDay } = await setup();
    const chosen = await createDriver(database, { approval: 'Approved' });
    const pending = await createDriver(database, { approval: 'Pending' });
    for (const driver of [chosen, pending]) {
      await expiresOn(database, 'users', driver.id, 'driver_licence', '2025-03-02');
    }
    await call(statusUpdate, { id: chosen.id, table: 'users', status: 'Inactive' });

    expect(await nextDay()).toMatchObject({ expired: 1, suspended: 0 });
    expect((await call(userDetail, { user_id: pending.id })).body.data.status).toBe('Active');
    // Made Inactive by an administrator, not by the check: renewing does not activate it.
    const renewed = await call(documentUpdate, {
      table: 'users',
      id: chosen.id,
      document: 'driver_licence',
      expires_on: '2026-01-01',
    });
    expect(renewed.body.data.status).toBe('Inactive');
  });

  it('runs once a day across two instances on one database', async () => {
    const [one, two] = await createSharedTestDatabase(2);
    const driver = await createDriver(one!, { approval: 'Approved' });
    await expiresOn(one!, 'users', driver.id, 'driver_licence', '2025-03-01');
    await expiresOn(
      one!,
      'users',
      (await createDriver(one!, { approval: 'Approved' })).id,
      'driver_licence',
      '2025-03-08',
    );
    const now = new Date('2025-03-01T00:05:00Z');

    const runs = await Promise.all([
      runDocumentCheck(one!.db, now),
      runDocumentCheck(two!.db, now),
      runDocumentCheck(two!.db, now),
      runDocumentCheck(one!.db, now),
    ]);

    expect(runs.filter((run) => run !== null)).toEqual([
      { day: '2025-03-01', reminded: { 30: 0, 7: 1, 1: 0 }, expired: 1, suspended: 1 },
    ]);
    expect(await titles(two!)).toHaveLength(2);
    expect(await auditsOf(two!, 'users', driver.id)).toHaveLength(1);
    expect(await runDocumentCheck(two!.db, new Date('2025-03-01T23:59:00Z'))).toBeNull();
    expect(await runDocumentCheck(one!.db, new Date('2025-03-02T00:00:00Z'))).toMatchObject({
      day: '2025-03-02',
    });
  });
});
