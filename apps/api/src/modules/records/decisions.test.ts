import {
  approvalUndo,
  approvalUser,
  notificationList,
  userDetail,
  vehicleDetail,
} from '@cabdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createCompany, createDriver, createUser, createVehicle } from '../../../test/builders';
import { createAdmin, fakeClock, signedIn, signedInApp } from '../../../test/helper';

const COLLEAGUE = { email: 'colleague@cabdesk.test', password: 'another long passphrase' };

async function setup() {
  const clock = fakeClock(new Date('2025-03-01T10:00:00Z'));
  const { app, database, admin, call } = await signedInApp(clock.now);
  const audits = (table: string, id: number) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, table), eq(auditLog.recordId, id)))
      .orderBy(asc(auditLog.id));
  return { app, database, admin, call, clock, audits };
}

describe('decisions with reasons', () => {
  it('stores the reason with who decided and when, and shows them on the detail and in the notification', async () => {
    const { database, admin, call, audits } = await setup();
    const driver = await createDriver(database, { name: 'Ann Lee', approval: 'Pending' });

    const res = await call(approvalUser, {
      id: driver.id,
      table: 'users',
      approval: 'Rejected',
      reason: '  Licence photo is blurred.  ',
    });
    expect(res.body).toEqual({
      status: true,
      message: 'Approval updated successfully.',
      data: { id: driver.id, approval: 'Rejected' },
    });

    expect((await call(userDetail, { user_id: driver.id })).body.data).toMatchObject({
      approval: 'Rejected',
      approval_reason: 'Licence photo is blurred.',
      approval_decided_at: '2025-03-01T10:00:00.000Z',
      approval_decided_by: { id: admin.id, name: 'Test Admin' },
    });
    const [row] = await audits('users', driver.id);
    expect(row).toMatchObject({
      action: 'approval-user',
      adminId: admin.id,
      after: { approval: 'Rejected', reason: 'Licence photo is blurred.' },
    });
    const [notification] = (await call(notificationList)).body.data.data;
    expect(notification).toMatchObject({
      title: 'Driver rejected',
      message: 'Ann Lee was rejected by Test Admin: Licence photo is blurred.',
      link: `/driver-detail/${driver.id}`,
    });
  });

  it("keeps SPEC 7's payload working: no reason is stored as none", async () => {
    const { database, call } = await setup();
    const vehicle = await createVehicle(database, { approval: 'Pending' });
    const company = await createCompany(database, {
      companyName: 'Olive Cabs',
      approval: 'Pending',
    });

    const spec = await call(approvalUser, {
      id: vehicle.id,
      table: 'vehicles',
      approval: 'Approved',
    });
    expect(spec.statusCode).toBe(200);
    const blank = await call(approvalUser, {
      id: company.id,
      table: 'users',
      approval: 'Rejected',
      reason: '   ',
    });
    expect(blank.statusCode).toBe(200);

    expect((await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data).toMatchObject({
      approval: 'Approved',
      approval_reason: null,
      approval_decided_at: '2025-03-01T10:00:00.000Z',
    });
    expect((await call(userDetail, { user_id: company.id })).body.data.approval_reason).toBeNull();
    const [latest] = (await call(notificationList)).body.data.data;
    expect(latest).toMatchObject({
      title: 'Company rejected',
      message: 'Olive Cabs was rejected by Test Admin.',
    });
  });

  it('refuses a reason over 500 characters, and changes nothing', async () => {
    const { database, call, audits } = await setup();
    const driver = await createDriver(database, { approval: 'Pending' });
    const res = await call(approvalUser, {
      id: driver.id,
      table: 'users',
      approval: 'Rejected',
      reason: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: false,
      message: 'The reason may be at most 500 characters.',
      data: { errors: { reason: 'The reason may be at most 500 characters.' } },
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, driver.id));
    expect(row).toMatchObject({ approval: 'Pending', approvalReason: null });
    expect(await audits('users', driver.id)).toEqual([]);
  });

  it('stores the expiry dates read at review, with the decision', async () => {
    const { database, call, audits } = await setup();
    const vehicle = await createVehicle(database, { approval: 'Pending' });
    const res = await call(approvalUser, {
      id: vehicle.id,
      table: 'vehicles',
      approval: 'Approved',
      expires_on: { registration: '2027-01-31', insurance: '2026-02-28' },
    });
    expect(res.statusCode).toBe(200);
    const { documents } = (await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data;
    expect(
      documents.map((d: { document: string; expires_on: string }) => [d.document, d.expires_on]),
    ).toEqual([
      ['registration', '2027-01-31'],
      ['insurance', '2026-02-28'],
      // The car's photos are a document of the vehicle too, one that does not expire.
      ['vehicle_photos', null],
    ]);
    expect((await audits('vehicles', vehicle.id))[0]?.after).toEqual({
      approval: 'Approved',
      reason: null,
      expires_on: { registration: '2027-01-31', insurance: '2026-02-28' },
    });
  });

  it('refuses expiry dates of documents the record does not have, or that do not exist', async () => {
    const { database, call, audits } = await setup();
    const driver = await createDriver(database, { approval: 'Pending' });
    const passenger = await createUser(database, { approval: 'Pending' });
    for (const [id, expires_on] of [
      [driver.id, { insurance: '2027-01-31' }],
      [passenger.id, { driver_licence: '2027-01-31' }],
    ] as const) {
      const res = await call(approvalUser, {
        id,
        table: 'users',
        approval: 'Approved',
        expires_on,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('This record has no document of that kind.');
    }
    const badDate = await call(approvalUser, {
      id: driver.id,
      table: 'users',
      approval: 'Approved',
      expires_on: { driver_licence: '2027-02-30' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body.data.errors).toEqual({
      'expires_on.driver_licence': 'expires_on must be a date (YYYY-MM-DD).',
    });
    expect((await call(userDetail, { user_id: driver.id })).body.data.approval).toBe('Pending');
    expect(await audits('users', driver.id)).toEqual([]);
  });
});

describe('approval-undo', () => {
  it("undoes one's own decision within 30 seconds: Pending again, audited and announced", async () => {
    const { database, admin, call, clock, audits } = await setup();
    const driver = await createDriver(database, { name: 'Ann Lee', approval: 'Pending' });
    await call(approvalUser, {
      id: driver.id,
      table: 'users',
      approval: 'Rejected',
      reason: 'Blurred.',
    });
    clock.advance(25);

    const res = await call(approvalUndo, { id: driver.id, table: 'users' });
    expect(res.body).toEqual({
      status: true,
      message: 'Decision undone.',
      data: { id: driver.id, approval: 'Pending' },
    });
    expect((await call(userDetail, { user_id: driver.id })).body.data).toMatchObject({
      approval: 'Pending',
      approval_reason: null,
      approval_decided_at: null,
      approval_decided_by: null,
    });
    expect((await audits('users', driver.id)).map((r) => [r.action, r.adminId, r.after])).toEqual([
      ['approval-user', admin.id, { approval: 'Rejected', reason: 'Blurred.' }],
      ['approval-undo', admin.id, { approval: 'Pending' }],
    ]);
    const [undone] = (await call(notificationList)).body.data.data;
    expect(undone).toMatchObject({
      title: 'Decision undone',
      message: 'Test Admin undid the decision on Ann Lee: it is Pending again.',
    });
    // It can be decided again.
    const again = await call(approvalUser, { id: driver.id, table: 'users', approval: 'Approved' });
    expect(again.statusCode).toBe(200);
  });

  it("refuses after 30 seconds, someone else's decision, and a record with none", async () => {
    const { app, database, call, clock, audits } = await setup();
    await createAdmin(database, COLLEAGUE);
    const colleague = await signedIn(app, COLLEAGUE);
    const late = await createDriver(database, { approval: 'Pending' });
    const theirs = await createVehicle(database, { approval: 'Pending' });
    const pending = await createDriver(database, { approval: 'Pending' });

    await call(approvalUser, { id: late.id, table: 'users', approval: 'Approved' });
    await colleague.call(approvalUser, { id: theirs.id, table: 'vehicles', approval: 'Rejected' });
    clock.advance(31);
    const refused = [
      await call(approvalUndo, { id: late.id, table: 'users' }),
      await call(approvalUndo, { id: theirs.id, table: 'vehicles' }),
      await call(approvalUndo, { id: pending.id, table: 'users' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.body).toEqual({
        status: false,
        message: 'Only your own decision of the last 30 seconds can be undone.',
        data: null,
      });
    }
    expect((await call(userDetail, { user_id: late.id })).body.data.approval).toBe('Approved');
    expect((await call(vehicleDetail, { vehicle_id: theirs.id })).body.data.approval).toBe(
      'Rejected',
    );
    expect((await audits('users', late.id)).map((r) => r.action)).toEqual(['approval-user']);
    const missing = await call(approvalUndo, { id: 999_999, table: 'vehicles' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('Vehicle not found.');
  });
});
