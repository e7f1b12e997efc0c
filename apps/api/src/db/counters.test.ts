import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { rides, users, vehicles } from './schema';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../test/builders';
import { createTestDatabase } from '../../test/helper';

const snapshot = (database: Database) =>
  database.rows(sql`
    select json_build_object(
      'users', (select json_agg(u order by role, status, approval) from user_counts u where n <> 0),
      'vehicles', (select json_agg(v order by approval) from vehicle_counts v where n <> 0),
      'rides', (select json_agg(r order by ride_status) from ride_counts r where n <> 0),
      'tables', (select json_agg(t order by table_name) from table_counts t where n <> 0),
      'daily', (select json_agg(d order by day, ride_status) from ride_daily d where n <> 0),
      'stats', (select json_agg(s order by user_id) from user_stats s)
    ) as counters`);

async function expectCountersMatchRecount(database: Database) {
  const kept = await snapshot(database);
  await database.rows(sql`select recount_counters()`);
  expect(kept).toEqual(await snapshot(database));
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    value: fc.constantFrom('Active', 'Inactive'),
  }),
  fc.record({
    kind: fc.constant('approval' as const),
    pick: fc.nat(),
    value: fc.constantFrom('Pending', 'Approved', 'Rejected'),
  }),
  fc.record({ kind: fc.constant('softDelete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('rideStatus' as const),
    pick: fc.nat(),
    value: fc.constantFrom('Pending', 'Complete', 'Cancel'),
  }),
  fc.record({
    kind: fc.constant('vehicle' as const),
    pick: fc.nat(),
    value: fc.constantFrom('Pending', 'Approved', 'Rejected'),
  }),
  fc.record({ kind: fc.constant('moveDriver' as const), pick: fc.nat() }),
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** One run: the steps applied to a small marketplace, then its counters against a recount. */
async function recountAfter(steps: Step[]) {
  const database = await createTestDatabase();
  const { db } = database;
  const companies = [await createCompany(database), await createCompany(database)];
  const drivers = [
    await createDriver(database, { companyId: companies[0]!.id }),
    await createDriver(database, { companyId: companies[1]!.id }),
  ];
  const passenger = await createUser(database);
  const vehicle = await createVehicle(database, { companyId: companies[0]!.id });
  const rideRows = [
    await createRide(database, {
      userId: passenger.id,
      driverId: drivers[0]!.id,
      companyId: companies[0]!.id,
    }),
    await createRide(database, {
      userId: passenger.id,
      driverId: drivers[1]!.id,
      companyId: companies[1]!.id,
      rideStatus: 'Cancel',
    }),
  ];
  const people = [...companies, ...drivers, passenger];

  for (const s of steps) {
    const person = people[s.pick % people.length]!;
    switch (s.kind) {
      case 'status':
        await db.update(users).set({ status: s.value }).where(eq(users.id, person.id));
        break;
      case 'approval':
        await db.update(users).set({ approval: s.value }).where(eq(users.id, person.id));
        break;
      case 'softDelete':
        await db
          .update(users)
          .set({ deletedAt: sql`now()` })
          .where(eq(users.id, person.id));
        break;
      case 'rideStatus':
        await db
          .update(rides)
          .set({ rideStatus: s.value })
          .where(eq(rides.id, rideRows[s.pick % 2]!.id));
        break;
      case 'vehicle':
        await db.update(vehicles).set({ approval: s.value }).where(eq(vehicles.id, vehicle.id));
        break;
      case 'moveDriver':
        await db
          .update(users)
          .set({ companyId: companies[s.pick % 2]!.id })
          .where(
            inArray(
              users.id,
              drivers.map((d) => d.id),
            ),
          );
        break;
    }
  }
  await expectCountersMatchRecount(database);
}

describe('counters kept by triggers', () => {
  it(
    'equal a full recount after any sequence of changes',
    () =>
      fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), recountAfter), {
        numRuns: 8,
      }),
    // Each run migrates a fresh database: allow for a busy machine.
    120_000,
  );
});

describe('a recount', () => {
  it("rewrites every person's totals, and writes those of a person without a row", async () => {
    const database = await createTestDatabase();
    const company = await createCompany(database);
    const driver = await createDriver(database, { companyId: company.id });
    const passenger = await createUser(database);
    await createVehicle(database, { companyId: company.id });
    await createRide(database, {
      userId: passenger.id,
      driverId: driver.id,
      companyId: company.id,
      rideStatus: 'Complete',
    });
    const totals = () =>
      database.rows(sql`select * from user_stats where user_id in
        (${company.id}, ${driver.id}, ${passenger.id}) order by user_id`);
    const kept = await totals();
    expect(kept).toHaveLength(3);
    await database.rows(sql`update user_stats set ride_count = ride_count + 7,
      completed_count = completed_count + 7, revenue = revenue + 7,
      total_driver = total_driver + 7, total_vehicle = total_vehicle + 7`);
    await database.rows(sql`delete from user_stats where user_id = ${passenger.id}`);
    await database.rows(sql`select recount_counters()`);
    expect(await totals()).toEqual(kept);
  });
});

describe('vehicle search text', () => {
  it('follows a renamed company', async () => {
    const database = await createTestDatabase();
    const company = await createCompany(database, { companyName: 'Old Cabs' });
    const vehicle = await createVehicle(database, {
      companyId: company.id,
      licenseNumber: 'AB-123',
    });
    await database.db
      .update(users)
      .set({ companyName: 'Nova Rides' })
      .where(eq(users.id, company.id));
    const [row] = await database.db
      .select({ search: vehicles.search })
      .from(vehicles)
      .where(eq(vehicles.id, vehicle.id));
    expect(row?.search).toContain('nova rides');
    expect(row?.search).toContain('ab-123');
    expect(row?.search).not.toContain('old cabs');
  });
});
