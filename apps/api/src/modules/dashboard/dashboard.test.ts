import { paths } from '@cabdesk/contract';
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
import { api, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';

describe('dashboard', () => {
  it('shows zero cards on an empty marketplace', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const res = await app.inject({ url: api(paths.dashboard), headers: bearer(await signIn(app)) });
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

    const res = await app.inject({ url: api(paths.dashboard), headers: bearer(await signIn(app)) });

    expect(res.json().data).toEqual({
      overall_driver: 2,
      overall_vehicle: 1,
      overall_company: 1,
      overall_revenue: 35.35,
    });
  });
});
