import { dashboard, dashboardTrends, urlOf } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rides, users } from '../../db/schema';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../../test/builders';
import { bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';

describe('dashboard', () => {
  it('shows zero cards on an empty marketplace', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const res = await app.inject({ url: urlOf(dashboard), headers: bearer(await signIn(app)) });
    expect(res.json()).toEqual({
      status: true,
      message: 'Dashboard fetched successfully.',
      data: { overall_driver: 0, overall_vehicle: 0, overall_company: 0, overall_revenue: 0 },
    });
  });

  it('counts drivers, vehicles and companies, and the revenue of completed rides', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const company = await createCompany(database);
    const driver = await createDriver(database, { companyId: company.id });
    await createDriver(database, { companyId: company.id, approval: 'Pending' });
    const gone = await createDriver(database, { companyId: company.id });
    await createVehicle(database, { companyId: company.id });
    const passenger = await createUser(database);
    const base = { userId: passenger.id, driverId: driver.id, companyId: company.id };
    await createRide(database, { ...base, amount: '10.10' });
    await createRide(database, { ...base, amount: '20.25' });
    await createRide(database, { ...base, amount: '99.00', rideStatus: 'Cancel' });
    const pending = await createRide(database, {
      userId: passenger.id,
      amount: '5.00',
      rideStatus: 'Pending',
    });
    // Soft-deleting a driver removes them from the card; finishing a ride adds its amount.
    await database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, gone.id));
    await database.db.update(rides).set({ rideStatus: 'Complete' }).where(eq(rides.id, pending.id));

    const res = await app.inject({ url: urlOf(dashboard), headers: bearer(await signIn(app)) });

    expect(res.json().data).toEqual({
      overall_driver: 2,
      overall_vehicle: 1,
      overall_company: 1,
      overall_revenue: 35.35,
    });
  });
});

describe('dashboard-trends', () => {
  it('gives 30 days of trips and completed revenue, trips by status and pending approvals', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const company = await createCompany(database, { approval: 'Pending' });
    await createDriver(database, { companyId: company.id, approval: 'Pending' });
    await createVehicle(database, { companyId: company.id, approval: 'Pending' });
    const passenger = await createUser(database);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000);
    await createRide(database, { userId: passenger.id, amount: '10.00', createdAt: day(0) });
    await createRide(database, { userId: passenger.id, amount: '5.50', createdAt: day(0) });
    await createRide(database, {
      userId: passenger.id,
      amount: '7.00',
      createdAt: day(0),
      rideStatus: 'Cancel',
    });
    await createRide(database, { userId: passenger.id, amount: '3.00', createdAt: day(2) });
    await createRide(database, { userId: passenger.id, amount: '99.00', createdAt: day(45) });

    const res = await app.inject({
      url: urlOf(dashboardTrends),
      headers: bearer(await signIn(app)),
    });

    expect(res.statusCode).toBe(200);
    const { days, by_status, pending } = res.json().data;
    expect(days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(days.at(-1)).toEqual({ day: today, trips: 3, revenue: 15.5 });
    expect(days.at(-3)).toMatchObject({ trips: 1, revenue: 3 });
    expect(days.reduce((n: number, d: { trips: number }) => n + d.trips, 0)).toBe(4);
    expect(by_status).toEqual([
      { ride_status: 'Pending', trips: 0 },
      { ride_status: 'Accept', trips: 0 },
      { ride_status: 'Start', trips: 0 },
      { ride_status: 'End', trips: 0 },
      { ride_status: 'Complete', trips: 4 },
      { ride_status: 'Cancel', trips: 1 },
    ]);
    expect(pending).toEqual({ companies: 1, drivers: 1, vehicles: 1 });
  });
});
