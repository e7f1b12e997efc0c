import {
  dashboard,
  deleteData,
  dashboardTrends,
  type Ride,
  rideCancel,
  rideDetail,
  rideList,
} from '@cabdesk/contract';
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
import { signedInApp } from '../../../test/helper';

type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

async function setup() {
  const { app, database, admin, call } = await signedInApp();
  return { app, database, admin, call };
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
    const { database, call } = await setup();
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

    const res = await call(rideList);
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
            service_type: null,
            flags: [],
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
            service_type: null,
            flags: [],
          },
        ],
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: 2,
        total_exact: true,
      },
    });
  });

  it("matches user_id by the account's role: passenger, driver or company", async () => {
    const { database, call } = await setup();
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
      (await call(rideList, { user_id: id })).body.data as Paged<Ride>;

    expect(ids(await forUser(ann.id))).toEqual([r3.id, r1.id]);
    expect(ids(await forUser(bob.id))).toEqual([r4.id, r2.id]);
    expect(ids(await forUser(driver.id))).toEqual([r2.id, r1.id]);
    expect(ids(await forUser(company.id))).toEqual([r4.id, r1.id]);
    expect((await forUser(company.id)).total).toBe(2);
    expect((await call(rideList, { user_id: '' })).body.data.total).toBe(4);

    const missing = await call(rideList, { user_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('User not found.');
  });

  it('searches addresses and the names of passenger, driver and company, literally', async () => {
    const { database, call } = await setup();
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
      (await call(rideList, { search: term, ...query })).body.data as Paged<Ride>;

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

  it('counts a search only ten pages past the one asked for, exactly when it ends sooner', async () => {
    const { database, call } = await setup();
    const { bob } = await marketplace(database);
    const jo = await createUser(database, { name: 'Jo Miller' });
    const minute = (m: number) => at(`2024-02-01T00:${String(m).padStart(2, '0')}:00Z`);
    const made = [];
    for (let m = 0; m < 10; m++) {
      made.push(
        await createRide(database, {
          userId: bob.id,
          pickupAddress: `${m} Mill Street`,
          createdAt: minute(m),
        }),
      );
    }
    for (let m = 10; m < 14; m++) {
      // One of Jo's trips also starts on Mill Street: it is listed once.
      const pickupAddress = m === 12 ? '7 Mill Street' : '1 Main St';
      made.push(await createRide(database, { userId: jo.id, pickupAddress, createdAt: minute(m) }));
    }
    await createRide(database, { userId: bob.id, createdAt: minute(30) }); // matches nothing
    const newestFirst = made.map((ride) => ride.id).reverse();
    const search = async (query: Record<string, string | number>) =>
      (await call(rideList, { search: 'mill', ...query })).body.data as Paged<Ride>;

    // Page 1 of 1-row pages: 11 pages are counted, and more follow.
    expect(await search({ per_page: 1 })).toEqual({
      data: [expect.objectContaining({ id: newestFirst[0] })],
      current_page: 1,
      last_page: 11,
      per_page: 1,
      total: 11,
      total_exact: false,
    });
    expect(await search({ per_page: 1, page: 3 })).toMatchObject({
      data: [{ id: newestFirst[2] }],
      last_page: 13,
      total: 13,
      total_exact: false,
    });
    // From page 4 the ten pages ahead reach past the last match: the count is exact.
    expect(await search({ per_page: 1, page: 4 })).toMatchObject({
      data: [{ id: newestFirst[3] }],
      last_page: 14,
      total: 14,
      total_exact: true,
    });
    expect(await search({ per_page: 1, page: 15 })).toMatchObject({
      data: [],
      last_page: 14,
      total: 14,
      total_exact: true,
    });
    // The deepest page anyone may ask for answers at once, with no rows.
    expect(await search({ per_page: 100, page: 1_000_000 })).toMatchObject({
      data: [],
      current_page: 1_000_000,
      total: 14,
      total_exact: true,
    });
    const all = await search({ per_page: 100 });
    expect(ids(all)).toEqual(newestFirst);
    expect(all).toMatchObject({ last_page: 1, total: 14, total_exact: true });
    // Within one account the same bound holds.
    expect(await search({ per_page: 1, user_id: bob.id })).toMatchObject({
      data: [{ id: newestFirst[4] }],
      total: 10,
      total_exact: true,
    });
    expect(await search({ per_page: 1, user_id: jo.id })).toMatchObject({
      total: 4,
      total_exact: true,
    });
  });

  it('pages newest first within bounds and refuses bad paging', async () => {
    const { database, call } = await setup();
    const { ann } = await marketplace(database);
    const made = [];
    for (let d = 1; d <= 5; d++) {
      made.push(
        await createRide(database, { userId: ann.id, createdAt: at(`2024-01-0${d}T00:00:00Z`) }),
      );
    }
    const page2 = (await call(rideList, { per_page: 2, page: 2 })).body.data;
    expect(ids(page2)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page2).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    const beyond = (await call(rideList, { per_page: 2, page: 4, user_id: ann.id })).body.data;
    expect(beyond).toEqual({
      data: [],
      current_page: 4,
      last_page: 3,
      per_page: 2,
      total: 5,
      total_exact: true,
    });

    const tooBig = await call(rideList, { per_page: 101 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.data.errors).toHaveProperty('per_page');
    const bad = await call(rideList, { page: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toHaveProperty('page');
    expect((await call(rideList, { user_id: 'abc' })).statusCode).toBe(400);
  });

  it("keeps showing a deleted driver's rides and name", async () => {
    const { database, call } = await setup();
    const { driver, ann } = await marketplace(database);
    const ride = await createRide(database, { userId: ann.id, driverId: driver.id });
    await database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, driver.id));
    const page = (await call(rideList)).body.data as Paged<Ride>;
    expect(page.data[0]).toMatchObject({ id: ride.id, driver: { name: 'Dana Driver' } });
    // The deleted account itself is not found any more.
    expect((await call(rideList, { user_id: driver.id })).statusCode).toBe(404);
  });
});

describe('ride-list search fields', () => {
  it('finds a trip by each passenger, driver and company field and by either address', async () => {
    const { database, call } = await setup();
    const { company, driver, ann, bob } = await marketplace(database);
    const driven = await createRide(database, {
      userId: ann.id,
      driverId: driver.id,
      companyId: company.id,
      pickupAddress: '14 Harbour Road',
      dropAddress: '77 Quarry Lane',
    });
    await createRide(database, { userId: bob.id });

    const search = async (term: string) =>
      ids((await call(rideList, { search: term })).body.data as Paged<Ride>);

    for (const term of [
      'Ann Rider',
      'ANN@EXAMPLE.TEST',
      '5552223333',
      'Dana Driver',
      'dana@example.test',
      '5551112222',
      'Olive Cabs',
      'Olive Owner',
      '5550001111',
      'harbour road',
      'Quarry',
    ]) {
      expect(await search(term), term).toEqual([driven.id]);
    }
    expect(await search('no such thing')).toEqual([]);
  });

  it('finds a trip by what its people are now: renamed, deleted, or the driver who took it', async () => {
    const { database, call } = await setup();
    const { company, driver, ann } = await marketplace(database);
    const ride = await createRide(database, { userId: ann.id, pickupAddress: '3 Elm Street' });
    const search = async (term: string) =>
      ids((await call(rideList, { search: term })).body.data as Paged<Ride>);
    expect(await search('dana driver')).toEqual([]);

    // The marketplace assigns the driver (and so the company) as the trip is accepted.
    await database.db.execute(
      sql`update rides set driver_id = ${driver.id}, company_id = ${company.id}, ride_status = 'Accept'
          where id = ${ride.id}`,
    );
    expect(await search('dana driver')).toEqual([ride.id]);
    expect(await search('olive cabs')).toEqual([ride.id]);

    // The passenger changes name and phone in the app.
    await database.db
      .update(users)
      .set({ name: 'Ann Quist', phone: '5559998888' })
      .where(eq(users.id, ann.id));
    expect(await search('ann quist')).toEqual([ride.id]);
    expect(await search('5559998888')).toEqual([ride.id]);
    expect(await search('99988')).toEqual([ride.id]);
    expect(await search('ann rider')).toEqual([]);
    expect(await search('5552223333')).toEqual([]);

    // A deleted driver's trips are no longer found by the driver, still by everything else.
    expect((await call(deleteData, { id: driver.id, table: 'users' })).statusCode).toBe(200);
    expect(await search('dana driver')).toEqual([]);
    expect(await search('olive cabs')).toEqual([ride.id]);
    expect(await search('ann quist')).toEqual([ride.id]);

    // A trip's search text is always what its people's give (migration 0015), and its
    // runs of digits what its text holds (0018).
    const [stale] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from rides
          where people_search <> ride_people_search(user_id, driver_id, company_id)
             or digits <> ride_digits(pickup_address, drop_address, people_search)`,
    );
    expect(stale?.n).toBe(0);
  });

  it('refuses a search of more than one line', async () => {
    const { call } = await setup();
    const { statusCode, body } = await call(rideList, { search: 'elm\nstreet' });
    expect(statusCode).toBe(400);
    expect(JSON.stringify(body)).toContain('Search must be one line of text');
  });
});

/** A ride of every status, one passenger; the driven ones with the marketplace's driver. */
async function ridesInEveryStatus(database: Awaited<ReturnType<typeof setup>>['database']) {
  const { company, driver, vehicle, ann } = await marketplace(database);
  const driven = { userId: ann.id, driverId: driver.id, companyId: company.id };
  const make = (rideStatus: Ride['ride_status'], withDriver = true) =>
    createRide(database, {
      ...(withDriver ? { ...driven, vehicleId: vehicle.id } : { userId: ann.id }),
      rideStatus,
      amount: '10.00',
      cancelReason: rideStatus === 'Cancel' ? 'Rider changed plans' : null,
    });
  return {
    company,
    driver,
    vehicle,
    ann,
    pending: await make('Pending', false),
    accept: await make('Accept'),
    start: await make('Start'),
    end: await make('End'),
    complete: await make('Complete'),
    cancel: await make('Cancel'),
  };
}

describe('ride-detail', () => {
  it('answers every field of the trip detail page', async () => {
    const { database, call } = await setup();
    const { company, driver, vehicle, ann } = await marketplace(database);
    const ride = await createRide(database, {
      userId: ann.id,
      driverId: driver.id,
      companyId: company.id,
      vehicleId: vehicle.id,
      amount: '42.10',
      pickupAddress: '1 Main St',
      dropAddress: '9 Elm St',
      rideStatus: 'Accept',
      createdAt: at('2024-03-05T09:12:00Z'),
      updatedAt: at('2024-03-05T09:14:00Z'),
    });

    const res = await call(rideDetail, { ride_id: ride.id });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'Trip fetched successfully.',
      data: {
        id: ride.id,
        amount: 42.1,
        pickup_address: '1 Main St',
        drop_address: '9 Elm St',
        created_at: '2024-03-05T09:12:00.000Z',
        updated_at: '2024-03-05T09:14:00.000Z',
        ride_status: 'Accept',
        cancel_reason: null,
        transaction: null,
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
        service_type: null,
        flags: [],
        // A trip made at the desk has no pick-up or drop-off points (issue 46: events carry them).
        pickup_lat: null,
        pickup_lng: null,
        drop_lat: null,
        drop_lng: null,
      },
    });
  });

  it('answers null for a missing driver, vehicle and company, and the reason of a cancelled trip', async () => {
    const { database, call } = await setup();
    const { driver, ann } = await marketplace(database);
    const waiting = await createRide(database, { userId: ann.id, rideStatus: 'Pending' });
    const noVehicle = await createRide(database, { userId: ann.id, driverId: driver.id });
    const cancelled = await createRide(database, {
      userId: ann.id,
      rideStatus: 'Cancel',
      cancelReason: 'No driver nearby',
    });

    const detail = async (id: number) =>
      (await call(rideDetail, { ride_id: id })).body.data as Ride & {
        cancel_reason: string | null;
      };
    expect(await detail(waiting.id)).toMatchObject({
      ride_status: 'Pending',
      driver: null,
      company: null,
      cancel_reason: null,
    });
    expect(await detail(noVehicle.id)).toMatchObject({
      driver: { id: driver.id, vehicle: null },
      company: null,
    });
    expect(await detail(cancelled.id)).toMatchObject({
      ride_status: 'Cancel',
      cancel_reason: 'No driver nearby',
    });
  });

  it('answers 404 for a missing trip and 400 for a bad id', async () => {
    const { call } = await setup();
    const missing = await call(rideDetail, { ride_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: false, message: 'Trip not found.', data: null });

    for (const ride_id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const bad = await call(rideDetail, { ride_id });
      expect(bad.statusCode, ride_id).toBe(400);
      expect(bad.body.status).toBe(false);
      expect(bad.body.data.errors).toHaveProperty('ride_id');
    }
    const none = await call(rideDetail);
    expect(none.statusCode).toBe(400);
    expect(none.body.data.errors).toHaveProperty('ride_id');
  });
});

type Database = Awaited<ReturnType<typeof setup>>['database'];

const rideRow = async (database: Database, id: number) => {
  const [row] = await database.rows<{
    ride_status: string;
    cancel_reason: string | null;
    updated_at: string;
  }>(
    sql`select ride_status, cancel_reason, updated_at::text as updated_at from rides where id = ${id}`,
  );
  return row!;
};

const auditRows = (database: Database) =>
  database.rows<{
    admin_id: number | null;
    action: string;
    table_name: string;
    record_id: number;
    before: unknown;
    after: unknown;
  }>(
    sql`select admin_id, action, table_name, record_id, before, after from audit_log
        where table_name = 'rides' order by id`,
  );

/** The ride counters as kept, then as a full recount finds them: they must agree. */
async function expectRideCountersExact(database: Database) {
  const snapshot = () =>
    database.rows(sql`select json_build_object(
      'counts', (select json_agg(c order by ride_status) from ride_counts c where n <> 0),
      'daily', (select json_agg(d order by day, ride_status) from ride_daily d where n <> 0),
      'stats', (select json_agg(s order by user_id) from user_stats s)) as counters`);
  const kept = await snapshot();
  await database.rows(sql`select recount_counters()`);
  expect(kept).toEqual(await snapshot());
}

describe('ride-cancel', () => {
  it('cancels a Pending trip with the reason, audits who and why, and moves the dashboard', async () => {
    const { database, admin, call } = await setup();
    const { pending } = await ridesInEveryStatus(database);
    const cardsBefore = (await call(dashboard)).body.data;
    const trendsBefore = (await call(dashboardTrends)).body.data;

    const res = await call(rideCancel, {
      ride_id: pending.id,
      reason: '  Rider called to cancel  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: true,
      message: 'Trip cancelled successfully.',
      data: {
        id: pending.id,
        ride_status: 'Cancel',
        cancel_reason: 'Rider called to cancel',
        driver: null,
        company: null,
      },
    });

    const row = await rideRow(database, pending.id);
    expect(row).toMatchObject({ ride_status: 'Cancel', cancel_reason: 'Rider called to cancel' });
    expect(new Date(row.updated_at).getTime()).toBeGreaterThan(pending.updatedAt.getTime());
    expect((await call(rideDetail, { ride_id: pending.id })).body.data).toMatchObject({
      ride_status: 'Cancel',
      cancel_reason: 'Rider called to cancel',
    });

    expect(await auditRows(database)).toEqual([
      {
        admin_id: admin.id,
        action: 'ride-cancel',
        table_name: 'rides',
        record_id: pending.id,
        before: { ride_status: 'Pending', cancel_reason: null },
        after: { ride_status: 'Cancel', cancel_reason: 'Rider called to cancel' },
      },
    ]);

    // Trips by status move from Pending to Cancelled; the day keeps its trip;
    // revenue (completed trips only) and the cards stay.
    const trendsAfter = (await call(dashboardTrends)).body.data;
    const byStatus = (trends: typeof trendsBefore) =>
      Object.fromEntries(
        (trends.by_status as { ride_status: string; trips: number }[]).map((s) => [
          s.ride_status,
          s.trips,
        ]),
      );
    expect(byStatus(trendsBefore)).toMatchObject({ Pending: 1, Cancel: 1 });
    expect(byStatus(trendsAfter)).toEqual({ ...byStatus(trendsBefore), Pending: 0, Cancel: 2 });
    expect(trendsAfter.days).toEqual(trendsBefore.days);
    expect((await call(dashboard)).body.data).toEqual(cardsBefore);
    await expectRideCountersExact(database);
  });

  it('cancels an Accepted trip', async () => {
    const { database, call } = await setup();
    const { accept, driver } = await ridesInEveryStatus(database);
    const res = await call(rideCancel, { ride_id: accept.id, reason: 'Driver unreachable' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      ride_status: 'Cancel',
      cancel_reason: 'Driver unreachable',
      driver: { id: driver.id },
    });
    expect(await rideRow(database, accept.id)).toMatchObject({ ride_status: 'Cancel' });
    expect(await auditRows(database)).toHaveLength(1);
    await expectRideCountersExact(database);
  });

  it('answers 409 for a trip past Accepted, and changes nothing', async () => {
    const { database, call } = await setup();
    const rides = await ridesInEveryStatus(database);
    const trendsBefore = (await call(dashboardTrends)).body.data;
    const cases = [
      [rides.start, 'Start'],
      [rides.end, 'End'],
      [rides.complete, 'Completed'],
      [rides.cancel, 'Cancelled'],
    ] as const;
    for (const [ride, label] of cases) {
      const before = await rideRow(database, ride.id);
      const res = await call(rideCancel, { ride_id: ride.id, reason: 'Too late' });
      expect(res.statusCode, label).toBe(409);
      expect(res.body).toEqual({
        status: false,
        message: `Only a Pending or Accepted trip can be cancelled. This one is ${label}.`,
        data: null,
      });
      expect(await rideRow(database, ride.id)).toEqual(before);
    }
    expect(await auditRows(database)).toEqual([]);
    expect((await call(dashboardTrends)).body.data).toEqual(trendsBefore);
  });

  it('refuses a missing, blank or oversized reason with 400, and changes nothing', async () => {
    const { database, call } = await setup();
    const { pending } = await ridesInEveryStatus(database);
    const before = await rideRow(database, pending.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ ride_id: pending.id }, 'Please enter a reason.'],
      [{ ride_id: pending.id, reason: '' }, 'Please enter a reason.'],
      [{ ride_id: pending.id, reason: ' \n\t ' }, 'Please enter a reason.'],
      [{ ride_id: pending.id, reason: null }, 'Please enter a reason.'],
      [
        { ride_id: pending.id, reason: 'x'.repeat(501) },
        'The reason may be at most 500 characters.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call(rideCancel, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.body).toEqual({ status: false, message, data: { errors: { reason: message } } });
    }
    expect(await rideRow(database, pending.id)).toEqual(before);
    expect(await auditRows(database)).toEqual([]);

    // The bound itself is allowed; surrounding blanks do not count towards it.
    const longest = await call(rideCancel, {
      ride_id: pending.id,
      reason: ` ${'y'.repeat(500)} `,
    });
    expect(longest.statusCode).toBe(200);
    expect(longest.body.data.cancel_reason).toBe('y'.repeat(500));
  });

  it('answers 400 for a bad ride_id and 404 for a missing trip', async () => {
    const { call } = await setup();
    for (const ride_id of ['abc', 0, -1, 2.5, undefined]) {
      const res = await call(rideCancel, { ride_id, reason: 'Why not' });
      expect(res.statusCode, String(ride_id)).toBe(400);
      expect(res.body.data.errors).toHaveProperty('ride_id');
    }
    const missing = await call(rideCancel, { ride_id: 999999, reason: 'Why not' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: false, message: 'Trip not found.', data: null });
  });

  it('lets only one of two simultaneous cancels succeed', async () => {
    const { database, call } = await setup();
    const { pending } = await ridesInEveryStatus(database);
    const answers = await Promise.all([
      call(rideCancel, { ride_id: pending.id, reason: 'First admin' }),
      call(rideCancel, { ride_id: pending.id, reason: 'Second admin' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.body.message).toBe(
      'Only a Pending or Accepted trip can be cancelled. This one is Cancelled.',
    );
    const audits = await auditRows(database);
    expect(audits).toHaveLength(1);
    expect((await rideRow(database, pending.id)).cancel_reason).toBe(
      winner.body.data.cancel_reason,
    );
    await expectRideCountersExact(database);
  });
});

describe('trip calls without a session', () => {
  it('answer 401 and change nothing', async () => {
    const { database, call } = await setup();
    const { pending } = await ridesInEveryStatus(database);
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      expect((await call(rideList, {}, headers)).statusCode).toBe(401);
      expect((await call(rideDetail, { ride_id: pending.id }, headers)).statusCode).toBe(401);
      const cancel = await call(rideCancel, { ride_id: pending.id, reason: 'x' }, headers);
      expect(cancel.statusCode).toBe(401);
      expect(cancel.body.status).toBe(false);
    }
    expect(await rideRow(database, pending.id)).toMatchObject({ ride_status: 'Pending' });
    expect(await auditRows(database)).toEqual([]);
  });
});
