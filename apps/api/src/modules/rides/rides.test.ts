import { paths, type Ride } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../../test/builders';
import { api, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';

type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

async function setup() {
  const { app, database } = await buildTestApp();
  await createAdmin(database);
  const token = await signIn(app);
  const get = async (path: string, query: Record<string, string | number> = {}) => {
    const res = await app.inject({
      url: api(path),
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: bearer(token),
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  return { app, database, get };
}

const at = (iso: string) => new Date(iso);
const ids = (page: Paged<Ride>) => page.data.map((r) => r.id);

/** A small marketplace: one company with a driver and a vehicle, two passengers. */
async function marketplace(database: Awaited<ReturnType<typeof setup>>['database']) {
  const company = await createCompany(database, {
    name: 'Olive Owner',
    companyName: 'Olive Cabs',
    phone: '5550001111',
  });
  const driver = await createDriver(database, {
    name: 'Dana Driver',
    email: 'dana@example.test',
    phone: '5551112222',
    companyId: company.id,
  });
  const vehicle = await createVehicle(
    database,
    { companyId: company.id, licenseNumber: 'ABC-123' },
    { service: 'Comfort', type: 'Minivan' },
  );
  const ann = await createUser(database, {
    name: 'Ann Rider',
    email: 'ann@example.test',
    phone: '5552223333',
  });
  const bob = await createUser(database, { name: 'Bob Rider' });
  return { company, driver, vehicle, ann, bob };
}

describe('ride-list', () => {
  it('answers the trip of SPEC 3, with and without a driver', async () => {
    const { database, get } = await setup();
    const { company, driver, vehicle, ann } = await marketplace(database);
    const driven = await createRide(database, {
      userId: ann.id,
      driverId: driver.id,
      companyId: company.id,
      vehicleId: vehicle.id,
      amount: '12.50',
      pickupAddress: '1 Main St',
      dropAddress: '9 Elm St',
      createdAt: at('2024-03-05T09:12:00Z'),
    });
    const waiting = await createRide(database, {
      userId: ann.id,
      amount: '8.00',
      rideStatus: 'Pending',
      createdAt: at('2024-03-06T09:12:00Z'),
    });

    const res = await get(paths.rideList);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'Rides fetched successfully.',
      data: {
        data: [
          {
            id: waiting.id,
            amount: 8,
            pickup_address: '1 Main St',
            drop_address: '9 Elm St',
            created_at: '2024-03-06T09:12:00.000Z',
            ride_status: 'Pending',
            user: { id: ann.id, name: 'Ann Rider', phone: '5552223333', email: 'ann@example.test' },
            driver: null,
            company: null,
          },
          {
            id: driven.id,
            amount: 12.5,
            pickup_address: '1 Main St',
            drop_address: '9 Elm St',
            created_at: '2024-03-05T09:12:00.000Z',
            ride_status: 'Complete',
            user: { id: ann.id, name: 'Ann Rider', phone: '5552223333', email: 'ann@example.test' },
            driver: {
              id: driver.id,
              name: 'Dana Driver',
              phone: '5551112222',
              email: 'dana@example.test',
              vehicle: {
                id: vehicle.id,
                license_number: 'ABC-123',
                service_type_data: { title: 'Comfort' },
                vehicle_type_data: { title: 'Minivan' },
              },
            },
            company: {
              id: company.id,
              name: 'Olive Owner',
              company_name: 'Olive Cabs',
              phone: '5550001111',
            },
          },
        ],
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: 2,
      },
    });
  });

  it("matches user_id by the account's role: passenger, driver or company", async () => {
    const { database, get } = await setup();
    const { company, driver, ann, bob } = await marketplace(database);
    const other = await createDriver(database);
    const r1 = await createRide(database, {
      userId: ann.id,
      driverId: driver.id,
      companyId: company.id,
    });
    const r2 = await createRide(database, { userId: bob.id, driverId: driver.id });
    const r3 = await createRide(database, { userId: ann.id, driverId: other.id });
    const r4 = await createRide(database, { userId: bob.id, companyId: company.id });

    const forUser = async (id: number) =>
      (await get(paths.rideList, { user_id: id })).body.data as Paged<Ride>;

    expect(ids(await forUser(ann.id))).toEqual([r3.id, r1.id]);
    expect(ids(await forUser(bob.id))).toEqual([r4.id, r2.id]);
    expect(ids(await forUser(driver.id))).toEqual([r2.id, r1.id]);
    expect(ids(await forUser(company.id))).toEqual([r4.id, r1.id]);
    expect((await forUser(company.id)).total).toBe(2);
    expect((await get(paths.rideList, { user_id: '' })).body.data.total).toBe(4);

    const missing = await get(paths.rideList, { user_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('User not found.');
  });

  it('searches addresses and the names of passenger, driver and company, literally', async () => {
    const { database, get } = await setup();
    const { company, driver, ann, bob } = await marketplace(database);
    const byAddress = await createRide(database, {
      userId: bob.id,
      pickupAddress: '50% Off Plaza',
      dropAddress: "O'Hare Airport",
    });
    const underscore = await createRide(database, { userId: bob.id, pickupAddress: 'Gate_7' });
    await createRide(database, { userId: bob.id, pickupAddress: 'Gatex7' });
    const byPassenger = await createRide(database, { userId: ann.id });
    const byDriver = await createRide(database, { userId: bob.id, driverId: driver.id });
    const byCompany = await createRide(database, { userId: bob.id, companyId: company.id });

    const search = async (term: string, query: Record<string, string | number> = {}) =>
      (await get(paths.rideList, { search: term, ...query })).body.data as Paged<Ride>;

    expect(ids(await search('50%'))).toEqual([byAddress.id]);
    expect(ids(await search("o'hare"))).toEqual([byAddress.id]);
    expect(ids(await search('GATE_'))).toEqual([underscore.id]);
    expect(ids(await search('ann rider'))).toEqual([byPassenger.id]);
    expect(ids(await search('dana@example'))).toEqual([byDriver.id]);
    expect(ids(await search('olive cabs'))).toEqual([byCompany.id]);
    expect((await search('olive cabs')).total).toBe(1);
    expect(ids(await search('gate', { user_id: ann.id }))).toEqual([]);
    expect((await search('gate', { user_id: bob.id })).total).toBe(2);
  });

  it('pages newest first within bounds and refuses bad paging', async () => {
    const { database, get } = await setup();
    const { ann } = await marketplace(database);
    const made = [];
    for (let d = 1; d <= 5; d++) {
      made.push(
        await createRide(database, { userId: ann.id, createdAt: at(`2024-01-0${d}T00:00:00Z`) }),
      );
    }
    const page2 = (await get(paths.rideList, { per_page: 2, page: 2 })).body.data;
    expect(ids(page2)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page2).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    const beyond = (await get(paths.rideList, { per_page: 2, page: 4, user_id: ann.id })).body.data;
    expect(beyond).toEqual({ data: [], current_page: 4, last_page: 3, per_page: 2, total: 5 });

    const tooBig = await get(paths.rideList, { per_page: 101 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.data.errors).toHaveProperty('per_page');
    const bad = await get(paths.rideList, { page: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toHaveProperty('page');
    expect((await get(paths.rideList, { user_id: 'abc' })).statusCode).toBe(400);
  });

  it("keeps showing a deleted driver's rides and name", async () => {
    const { database, get } = await setup();
    const { driver, ann } = await marketplace(database);
    const ride = await createRide(database, { userId: ann.id, driverId: driver.id });
    await database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, driver.id));
    const page = (await get(paths.rideList)).body.data as Paged<Ride>;
    expect(page.data[0]).toMatchObject({ id: ride.id, driver: { name: 'Dana Driver' } });
    // The deleted account itself is not found any more.
    expect((await get(paths.rideList, { user_id: driver.id })).statusCode).toBe(404);
  });
});
