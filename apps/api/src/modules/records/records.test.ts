import {
  allUsers,
  approvalUser,
  dashboard,
  deleteData,
  driverList,
  rideList,
  statusUpdate,
  userDetail,
  userList,
  vehicleDetail,
  vehicleList,
} from '@cabdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  coupons,
  rides,
  faqs,
  transactions,
  userCounts,
  userStats,
  users,
  vehicles,
  webhookEvents,
} from '../../db/schema';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../../test/builders';
import { api, signedInApp } from '../../../test/helper';

async function setup() {
  const { app, database, admin, call } = await signedInApp();
  const audits = (tableName: string, recordId: number) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, tableName), eq(auditLog.recordId, recordId)))
      .orderBy(asc(auditLog.id));
  return { app, database, admin, audits, call };
}

describe('status-update', () => {
  it('deactivates and reactivates a user, shown everywhere, audited', async () => {
    const { database, admin, call, audits } = await setup();
    const user = await createUser(database, { name: 'Ann' });

    const off = await call(statusUpdate, { id: user.id, table: 'users', status: 'Inactive' });
    expect(off.statusCode).toBe(200);
    expect(off.body).toEqual({
      status: true,
      message: 'Status updated successfully.',
      data: { id: user.id, status: 'Inactive' },
    });
    expect((await call(userDetail, { user_id: user.id })).body.data.status).toBe('Inactive');
    const inactive = await call(userList, { user_type: 'User', status: 'Inactive' });
    expect(inactive.body.data.total).toBe(1);
    expect(inactive.body.data.data[0].id).toBe(user.id);

    const on = await call(statusUpdate, {
      id: String(user.id),
      table: 'users',
      status: 'Active',
    });
    expect(on.statusCode).toBe(200);
    expect((await call(userList, { user_type: 'User', status: 'Inactive' })).body.data.total).toBe(
      0,
    );

    const rows = await audits('users', user.id);
    expect(rows.map((r) => [r.action, r.adminId, r.before, r.after])).toEqual([
      [
        'status-update',
        admin.id,
        { status: 'Active', status_reason: null },
        { status: 'Inactive', status_reason: null },
      ],
      [
        'status-update',
        admin.id,
        { status: 'Inactive', status_reason: null },
        { status: 'Active', status_reason: null },
      ],
    ]);
  });

  it('stores the reason of a deactivation on the record until it is Active again', async () => {
    const { database, admin, call, audits } = await setup();
    const driver = await createDriver(database, { name: 'Ann Lee' });
    const off = await call(statusUpdate, {
      id: driver.id,
      table: 'users',
      status: 'Inactive',
      reason: '  Complaints from three passengers.  ',
    });
    expect(off.statusCode).toBe(200);
    const detail = (await call(userDetail, { user_id: driver.id })).body.data;
    expect(detail).toMatchObject({
      status: 'Inactive',
      status_reason: 'Complaints from three passengers.',
    });
    await call(statusUpdate, { id: driver.id, table: 'users', status: 'Active' });
    expect((await call(userDetail, { user_id: driver.id })).body.data.status_reason).toBeNull();
    expect((await audits('users', driver.id)).map((r) => [r.adminId, r.after])).toEqual([
      [admin.id, { status: 'Inactive', status_reason: 'Complaints from three passengers.' }],
      [admin.id, { status: 'Active', status_reason: null }],
    ]);
    const tooLong = await call(statusUpdate, {
      id: driver.id,
      table: 'users',
      status: 'Inactive',
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.data.errors).toEqual({
      reason: 'The reason may be at most 500 characters.',
    });
    expect((await call(userDetail, { user_id: driver.id })).body.data.status).toBe('Active');
  });

  it('deactivates a vehicle with its reason: soft, shown in lists and details, audited, told to the marketplace', async () => {
    const { database, admin, call, audits } = await setup();
    const vehicle = await createVehicle(database, { licenseNumber: 'AB-123' });
    const off = await call(statusUpdate, {
      id: vehicle.id,
      table: 'vehicles',
      status: 'Inactive',
      reason: 'Failed its safety inspection.',
    });
    expect(off.statusCode).toBe(200);
    expect(off.body.data).toEqual({ id: vehicle.id, status: 'Inactive' });
    expect((await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data).toMatchObject({
      status: 'Inactive',
      status_reason: 'Failed its safety inspection.',
    });
    // Soft: still listed, as Inactive.
    const listed = (await call(vehicleList, {})).body.data.data;
    expect(listed.find((v: { id: number }) => v.id === vehicle.id)).toMatchObject({
      status: 'Inactive',
    });
    const [row] = await database.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row!.deletedAt).toBeNull();
    expect(
      (await audits('vehicles', vehicle.id)).map((r) => [r.action, r.adminId, r.after]),
    ).toEqual([
      [
        'status-update',
        admin.id,
        { status: 'Inactive', status_reason: 'Failed its safety inspection.' },
      ],
    ]);
    const events = await database.db
      .select({ type: webhookEvents.type, key: webhookEvents.recordKey, data: webhookEvents.data })
      .from(webhookEvents)
      .orderBy(asc(webhookEvents.id));
    expect(events).toEqual([
      {
        type: 'status.changed',
        key: `vehicles:${vehicle.id}`,
        data: {
          kind: 'vehicle',
          id: vehicle.id,
          status: 'Inactive',
          reason: 'Failed its safety inspection.',
        },
      },
    ]);

    const on = await call(statusUpdate, { id: vehicle.id, table: 'vehicles', status: 'Active' });
    expect(on.statusCode).toBe(200);
    expect((await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data).toMatchObject({
      status: 'Active',
      status_reason: null,
    });
    const missing = await call(statusUpdate, { id: 999_999, table: 'vehicles', status: 'Active' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('Vehicle not found.');
  });

  it('toggles a company only once Approved', async () => {
    const { database, call, audits } = await setup();
    const pending = await createCompany(database, { approval: 'Pending' });
    const approved = await createCompany(database, { approval: 'Approved' });

    const refused = await call(statusUpdate, {
      id: pending.id,
      table: 'users',
      status: 'Inactive',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toEqual({
      status: false,
      message: 'A company can be activated or deactivated only once Approved.',
      data: null,
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, pending.id));
    expect(row!.status).toBe('Active');
    expect(await audits('users', pending.id)).toEqual([]);

    const ok = await call(statusUpdate, {
      id: approved.id,
      table: 'users',
      status: 'Inactive',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses other tables, bad values and missing ids', async () => {
    const { database, call } = await setup();
    const user = await createUser(database);
    const admins = await call(statusUpdate, { id: 1, table: 'admins', status: 'Inactive' });
    expect(admins.statusCode).toBe(400);
    expect(admins.body).toEqual({
      status: false,
      message: 'table must be users or vehicles.',
      data: { errors: { table: 'table must be users or vehicles.' } },
    });
    const injection = await call(statusUpdate, {
      id: user.id,
      table: 'users; drop table users',
      status: 'Inactive',
    });
    expect(injection.statusCode).toBe(400);
    const badStatus = await call(statusUpdate, {
      id: user.id,
      table: 'users',
      status: 'Gone',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body.data.errors).toEqual({ status: 'status must be Active or Inactive.' });
    const badId = await call(statusUpdate, { id: 'abc', table: 'users', status: 'Active' });
    expect(badId.statusCode).toBe(400);
    expect(badId.body.data.errors).toHaveProperty('id');
    const missing = await call(statusUpdate, {
      id: 999999,
      table: 'users',
      status: 'Active',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('User not found.');
  });
});

describe('approval-user', () => {
  it('approves a pending driver once; a second decision is refused', async () => {
    const { database, admin, call, audits } = await setup();
    const driver = await createDriver(database, { approval: 'Pending' });
    const counts = async () =>
      Object.fromEntries(
        (await database.db.select().from(userCounts).where(eq(userCounts.role, 'Driver'))).map(
          (c) => [c.approval, c.n],
        ),
      );
    expect(await counts()).toMatchObject({ Pending: 1 });

    const ok = await call(approvalUser, {
      id: driver.id,
      table: 'users',
      approval: 'Approved',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toEqual({
      status: true,
      message: 'Approval updated successfully.',
      data: { id: driver.id, approval: 'Approved' },
    });
    expect((await call(userDetail, { user_id: driver.id })).body.data.approval).toBe('Approved');
    expect(await counts()).toMatchObject({ Pending: 0, Approved: 1 });

    for (const approval of ['Approved', 'Rejected']) {
      const again = await call(approvalUser, { id: driver.id, table: 'users', approval });
      expect(again.statusCode).toBe(409);
      expect(again.body.message).toBe(
        'Only a Pending record can be approved or rejected. This one is already Approved.',
      );
    }
    const rows = await audits('users', driver.id);
    expect(rows.map((r) => [r.action, r.adminId, r.before, r.after])).toEqual([
      ['approval-user', admin.id, { approval: 'Pending' }, { approval: 'Approved', reason: null }],
    ]);
  });

  it('rejects a pending vehicle with the decision sent', async () => {
    const { database, call, audits } = await setup();
    const vehicle = await createVehicle(database, { approval: 'Pending' });
    const res = await call(approvalUser, {
      id: vehicle.id,
      table: 'vehicles',
      approval: 'Rejected',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data.approval).toBe(
      'Rejected',
    );
    expect((await call(vehicleList, { approval: 'Rejected' })).body.data.total).toBe(1);
    expect((await call(vehicleList, { approval: 'Pending' })).body.data.total).toBe(0);
    expect((await audits('vehicles', vehicle.id)).map((r) => r.after)).toEqual([
      { approval: 'Rejected', reason: null },
    ]);
  });

  it('refuses other tables, Pending as a decision, and missing ids', async () => {
    const { database, call } = await setup();
    const driver = await createDriver(database, { approval: 'Pending' });
    const admins = await call(approvalUser, { id: 1, table: 'admins', approval: 'Approved' });
    expect(admins.statusCode).toBe(400);
    expect(admins.body.data.errors).toEqual({ table: 'table must be users or vehicles.' });
    const supportsTable = await call(approvalUser, {
      id: 1,
      table: 'supports',
      approval: 'Approved',
    });
    expect(supportsTable.statusCode).toBe(400);
    const pending = await call(approvalUser, {
      id: driver.id,
      table: 'users',
      approval: 'Pending',
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.body.data.errors).toEqual({
      approval: 'approval must be Approved or Rejected.',
    });
    const noUser = await call(approvalUser, {
      id: 999999,
      table: 'users',
      approval: 'Approved',
    });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.body.message).toBe('User not found.');
    const noVehicle = await call(approvalUser, {
      id: 999999,
      table: 'vehicles',
      approval: 'Approved',
    });
    expect(noVehicle.statusCode).toBe(404);
    expect(noVehicle.body.message).toBe('Vehicle not found.');
  });
});

describe('delete-data', () => {
  it('soft-deletes a driver: gone from lists, details and counters; rides and sales stay', async () => {
    const { database, admin, call, audits } = await setup();
    const company = await createCompany(database);
    const driver = await createDriver(database, { companyId: company.id, name: 'Dana' });
    await createDriver(database, { companyId: company.id, name: 'Eli' });
    const ride = await createRide(database, { driverId: driver.id, companyId: company.id });
    const totalBefore = (await call(userList, { user_type: 'Driver' })).body.data.total;
    expect(totalBefore).toBe(2);

    const res = await call(deleteData, { id: driver.id, table: 'users' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'Deleted successfully.',
      data: { id: driver.id },
    });

    const list = (await call(userList, { user_type: 'Driver' })).body.data;
    expect(list.total).toBe(1);
    expect(list.data.map((u: { name: string }) => u.name)).toEqual(['Eli']);
    expect((await call(userList, { user_type: 'Driver', search: 'dana' })).body.data.total).toBe(0);
    expect((await call(driverList, { company_id: company.id })).body.data.total).toBe(1);
    expect((await call(allUsers)).body.data.total).toBe(3);
    expect((await call(userDetail, { user_id: driver.id })).statusCode).toBe(404);
    expect((await call(dashboard)).body.data.overall_driver).toBe(1);
    const [stats] = await database.db
      .select()
      .from(userStats)
      .where(eq(userStats.userId, company.id));
    expect(stats!.totalDriver).toBe(1);

    // The trip and its sale remain, still naming the driver.
    expect(await database.db.select().from(rides).where(eq(rides.id, ride.id))).toHaveLength(1);
    expect(
      await database.db.select().from(transactions).where(eq(transactions.rideId, ride.id)),
    ).toHaveLength(1);
    const trips = (await call(rideList, { user_id: company.id })).body.data;
    expect(trips.data[0]).toMatchObject({ id: ride.id, driver: { name: 'Dana' } });

    const [row] = await audits('users', driver.id);
    expect(row).toMatchObject({ action: 'delete-data', adminId: admin.id });
    expect(row!.before).toMatchObject({ id: driver.id, name: 'Dana', deleted_at: null });
    expect(row!.before).not.toHaveProperty('search');
    expect((row!.after as { deleted_at: string }).deleted_at).toEqual(expect.any(String));

    const again = await call(deleteData, { id: driver.id, table: 'users' });
    expect(again.statusCode).toBe(404);
    expect(again.body.message).toBe('User not found.');
  });

  it('soft-deletes a vehicle: gone from lists and counters; rides stay', async () => {
    const { database, call, audits } = await setup();
    const company = await createCompany(database);
    const vehicle = await createVehicle(database, { companyId: company.id });
    await createVehicle(database, { companyId: company.id });
    const ride = await createRide(database, { companyId: company.id, vehicleId: vehicle.id });

    const res = await call(deleteData, { id: vehicle.id, table: 'vehicles' });
    expect(res.statusCode).toBe(200);
    expect((await call(vehicleList)).body.data.total).toBe(1);
    expect((await call(vehicleList, { company_id: company.id })).body.data.total).toBe(1);
    expect((await call(vehicleDetail, { vehicle_id: vehicle.id })).statusCode).toBe(404);
    expect((await call(userDetail, { user_id: company.id })).body.data.total_vehicle).toBe(1);
    expect((await call(dashboard)).body.data.overall_vehicle).toBe(1);
    const [kept] = await database.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(kept!.deletedAt).toBeInstanceOf(Date);
    expect((await call(rideList)).body.data.data[0].id).toBe(ride.id);
    expect(await audits('vehicles', vehicle.id)).toHaveLength(1);
    expect((await call(deleteData, { id: vehicle.id, table: 'vehicles' })).statusCode).toBe(404);
  });

  it('soft-deletes faqs and coupons; 404 for missing ids; 400 outside the allow-list', async () => {
    const { database, call, audits } = await setup();
    const [faq] = await database.db
      .insert(faqs)
      .values({ question: 'Q?', answer: 'A.' })
      .returning();
    const [coupon] = await database.db
      .insert(coupons)
      .values({ title: 'Ten', couponCode: 'TEN', discount: 10, description: 'Ten off' })
      .returning();

    expect((await call(deleteData, { id: faq!.id, table: 'supports' })).statusCode).toBe(200);
    expect((await call(deleteData, { id: coupon!.id, table: 'coupons' })).statusCode).toBe(200);
    const [gone] = await database.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(gone!.deletedAt).toBeInstanceOf(Date);
    expect(await audits('supports', faq!.id)).toHaveLength(1);
    expect(await audits('coupons', coupon!.id)).toHaveLength(1);

    for (const table of ['supports', 'coupons']) {
      const res = await call(deleteData, { id: 999999, table });
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'Record not found.', data: null });
    }
    for (const table of ['admins', 'rides', 'transactions', 'users"', '']) {
      const res = await call(deleteData, { id: 1, table });
      expect(res.statusCode).toBe(400);
      expect(res.body.data.errors).toEqual({
        table: 'table must be users, vehicles, supports or coupons.',
      });
    }
    const noTable = await call(deleteData, { id: 1 });
    expect(noTable.statusCode).toBe(400);
    expect(noTable.body.data.errors).toHaveProperty('table');
  });

  it('needs the bearer token', async () => {
    const { app, database } = await setup();
    const user = await createUser(database);
    for (const path of [statusUpdate.path, approvalUser.path, deleteData.path]) {
      const res = await app.inject({
        method: 'POST',
        url: api(path),
        payload: { id: user.id, table: 'users', status: 'Inactive', approval: 'Approved' },
      });
      expect(res.statusCode).toBe(401);
    }
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: 'Active', deletedAt: null });
  });
});
