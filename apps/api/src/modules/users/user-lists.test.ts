import {
  ALL_USERS_SORTS,
  allUsers,
  driverList,
  PERSON_SORTS,
  userDetail,
  userList,
  type UserListItem,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { driverRatings, driverVehicles, vehicles } from '../../db/schema';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../../test/builders';
import { signedInApp } from '../../../test/helper';
import { everyPage, expectSorts, expectUnknownSortRefused } from '../../../test/lists';
import {
  BLOCKING,
  indexScansUnderLimit,
  planOf,
  statementsSent,
  type PlanNode,
} from '../../../test/plans';

async function setup() {
  const { database, call } = await signedInApp();
  return { database, call };
}

const at = (iso: string) => new Date(iso);

/**
 * People with ties on every sort: names equal but for case, the same
 * registration instant, equal totals, a missing date of birth.
 */
async function people(database: Database) {
  const t1 = at('2024-01-01T10:00:00Z');
  const t2 = at('2024-02-01T10:00:00Z');
  const alpha = await createCompany(database, {
    name: 'Owner B',
    companyName: 'alpha Cabs',
    createdAt: t1,
  });
  const alpha2 = await createCompany(database, {
    name: 'owner a',
    companyName: 'Alpha cabs',
    createdAt: t1,
  });
  const zeta = await createCompany(database, {
    name: 'Owner C',
    companyName: 'Zeta',
    createdAt: t2,
  });
  for (const companyId of [alpha.id, alpha.id, zeta.id, zeta.id, alpha2.id]) {
    await createVehicle(database, { companyId });
  }
  const dana = await createDriver(database, {
    name: 'dana',
    dob: '1990-05-01',
    companyId: alpha.id,
    createdAt: t2,
  });
  const dan = await createDriver(database, {
    name: 'Dana',
    dob: null,
    companyId: alpha.id,
    createdAt: t1,
  });
  const eve = await createDriver(database, {
    name: 'Eve',
    dob: '1990-05-01',
    companyId: alpha.id,
    createdAt: t1,
  });
  const fay = await createDriver(database, {
    name: 'Fay',
    dob: '1985-01-01',
    companyId: zeta.id,
    createdAt: t2,
  });
  const ann = await createUser(database, { name: 'ann', createdAt: t1 });
  const ann2 = await createUser(database, { name: 'Ann', createdAt: t2 });
  const bob = await createUser(database, { name: 'Bob', createdAt: t1 });
  await createUser(database, { name: 'carl', createdAt: t2 });
  const ride = (userId: number, driverId: number, companyId: number) =>
    createRide(database, { userId, driverId, companyId });
  await ride(ann.id, dana.id, alpha.id);
  await ride(ann.id, dana.id, alpha.id);
  await ride(ann2.id, eve.id, alpha.id);
  await ride(bob.id, eve.id, alpha.id);
  await ride(bob.id, fay.id, zeta.id);
  return { alpha, alpha2, zeta, dana, dan, eve, fay, ann, ann2, bob };
}

describe('sorting the lists of people', () => {
  it('sorts each role by each of its fields, ties by id, pages stable, newest first by default', async () => {
    const { database, call } = await setup();
    const { alpha } = await people(database);

    for (const role of ['User', 'Driver', 'Company'] as const) {
      await expectSorts(call, userList, { user_type: role }, PERSON_SORTS[role]);
    }
    await expectSorts(call, allUsers, {}, ALL_USERS_SORTS);
    await expectSorts(call, driverList, {}, PERSON_SORTS.Driver);
    await expectSorts(call, driverList, { company_id: alpha.id }, PERSON_SORTS.Driver);
  });

  it('sorts what a person reads: names without regard to case, totals as numbers', async () => {
    const { database, call } = await setup();
    await people(database);
    const names = async (query: Record<string, unknown>) =>
      ((await call(userList, query)).body.data.data as UserListItem[]).map((u) => u.name);

    expect(await names({ user_type: 'User', sort: 'name' })).toEqual(['ann', 'Ann', 'Bob', 'carl']);
    expect(await names({ user_type: 'User', sort: '-driver_rides_count' })).toEqual([
      'Bob',
      'ann',
      'Ann',
      'carl',
    ]);
    expect(await names({ user_type: 'Driver', sort: 'dob' })).toEqual([
      'Fay',
      'dana',
      'Eve',
      'Dana',
    ]);
    const companies = (await call(userList, { user_type: 'Company', sort: '-total_vehicle' })).body
      .data.data as UserListItem[];
    expect(companies.map((c) => [c.company_name, c.total_vehicle])).toEqual([
      ['Zeta', 2],
      ['alpha Cabs', 2],
      ['Alpha cabs', 1],
    ]);
  });

  it('sorts drivers by their average rating both ways, those nobody rated last, and shows it', async () => {
    const { database, call } = await setup();
    const { alpha, dana, dan, eve, fay } = await people(database);
    // The figures each rating's write keeps (cases' intake): Dana and Dan tie on 4.5.
    await database.db.insert(driverRatings).values([
      { driverId: dana.id, count: 2, sum: 9, stars4: 1, stars5: 1, average: '4.50' },
      { driverId: dan.id, count: 4, sum: 18, stars4: 2, stars5: 2, average: '4.50' },
      { driverId: eve.id, count: 1, sum: 2, stars2: 1, average: '2.00' },
    ]);
    const [tieFirst, tieLast] = [dana, dan].sort((a, b) => a.id - b.id) as [
      typeof dana,
      typeof dan,
    ];
    const shown = async (
      endpoint: typeof driverList | typeof userList,
      query: Record<string, unknown>,
    ) => (await everyPage(call, endpoint, query)).map((d) => [d.name, d.rating, d.rating_count]);
    const row = (driver: typeof dana) =>
      ({ [dana.id]: ['dana', 4.5, 2], [dan.id]: ['Dana', 4.5, 4], [eve.id]: ['Eve', 2, 1] })[
        driver.id
      ] ?? [driver.name, null, 0];

    for (const [endpoint, query] of [
      [driverList, {}],
      [userList, { user_type: 'Driver' }],
    ] as const) {
      expect(await shown(endpoint, { ...query, sort: 'rating' })).toEqual(
        [eve, tieFirst, tieLast, fay].map(row),
      );
      expect(await shown(endpoint, { ...query, sort: '-rating' })).toEqual(
        [tieLast, tieFirst, eve, fay].map(row),
      );
    }
    // One company's drivers: Fay works for Zeta.
    expect(await shown(driverList, { company_id: alpha.id, sort: '-rating' })).toEqual(
      [tieLast, tieFirst, eve].map(row),
    );
    // Other roles have no rating.
    const companies = await everyPage(call, userList, { user_type: 'Company' });
    expect(companies.every((c) => c.rating === null && c.rating_count === 0)).toBe(true);
  });

  it("walks the companies' totals in their indexes to the page, few as companies are among users", async () => {
    const { database, call } = await signedInApp();
    // Companies are about one user in a hundred at scale (2,000 of 250,000).
    await database.rows(sql`
      insert into users (role, name, email, phone, company_name)
      select case when g % 100 = 0 then 'Company' else 'User' end::role, 'Person ' || g,
             'person' || g || '@example.test', '30' || lpad(g::text, 8, '0'), 'Cabs ' || g
      from generate_series(1, 30000) g`);
    await database.rows(sql`analyze`);
    const sent = statementsSent(database);
    // The scans of user_stats under a Limit with nothing between them that reads all its input.
    const walks = (plan: PlanNode) =>
      indexScansUnderLimit(plan, BLOCKING)
        .filter((scan) => scan['Relation Name'] === 'user_stats')
        .map((scan) => scan['Index Name']);
    for (const [field, index] of [
      ['total_driver', 'user_stats_company_drivers_idx'],
      ['total_vehicle', 'user_stats_company_vehicles_idx'],
      ['driver_rides_count', 'user_stats_role_rides_idx'],
    ]) {
      sent.length = 0;
      const res = await call(userList, { user_type: 'Company', sort: `-${field}` });
      expect(res.statusCode).toBe(200);
      // As the statistics make the plan, not priced as at scale.
      const plans = await Promise.all(
        sent.map((statement) => planOf(database, statement, { atScale: false })),
      );
      expect(plans.flatMap(walks), field).toEqual([index]);
    }
  }, 60_000);

  it("refuses an unknown sort field, naming the fields of the list's role", async () => {
    const { database, call } = await setup();
    await people(database);
    for (const role of ['User', 'Driver', 'Company'] as const) {
      await expectUnknownSortRefused(call, userList, { user_type: role }, PERSON_SORTS[role]);
    }
    // A field of another role is unknown to this one.
    await expectUnknownSortRefused(
      call,
      userList,
      { user_type: 'User' },
      PERSON_SORTS.User,
      'total_vehicle',
    );
    await expectUnknownSortRefused(call, allUsers, {}, ALL_USERS_SORTS, 'dob');
    await expectUnknownSortRefused(call, driverList, {}, PERSON_SORTS.Driver, 'company_name');
  });
});

describe('filtering the lists of people by registration date', () => {
  it("keeps the days of the administrator's time zone, inclusive, with the other filters", async () => {
    const { database, call } = await setup();
    // 23:30 on January 1 and 00:30 on January 2 in New York (UTC-5).
    const lateJan1 = await createUser(database, {
      name: 'Late',
      createdAt: at('2024-01-02T04:30:00Z'),
    });
    const earlyJan2 = await createUser(database, {
      name: 'Early',
      createdAt: at('2024-01-02T05:30:00Z'),
    });
    const jan3 = await createUser(database, {
      name: 'Third',
      createdAt: at('2024-01-03T12:00:00Z'),
      status: 'Inactive',
    });
    const later = await createUser(database, {
      name: 'Later',
      createdAt: at('2024-01-04T12:00:00Z'),
    });
    const ids = async (query: Record<string, unknown>) =>
      (await everyPage(call, userList, { user_type: 'User', ...query })).map((u) => u.id);

    expect(await ids({ from: '2024-01-02', to: '2024-01-02', tz: 'America/New_York' })).toEqual([
      earlyJan2.id,
    ]);
    expect(await ids({ from: '2024-01-02', to: '2024-01-02' })).toEqual([
      earlyJan2.id,
      lateJan1.id,
    ]);
    expect(await ids({ to: '2024-01-01', tz: 'America/New_York' })).toEqual([lateJan1.id]);
    expect(await ids({ from: '2024-01-03', tz: 'Asia/Tokyo' })).toEqual([later.id, jan3.id]);
    // With status, search and sort.
    expect(
      await ids({ from: '2024-01-02', to: '2024-01-03', status: 'Active', sort: 'name' }),
    ).toEqual([earlyJan2.id, lateJan1.id]);
    expect(await ids({ from: '2024-01-02', to: '2024-01-03', search: 'thi' })).toEqual([jan3.id]);
    // all-users and driver-list take the same range.
    const driver = await createDriver(database, { createdAt: at('2024-01-02T06:00:00Z') });
    const all = await everyPage(call, allUsers, { from: '2024-01-02', to: '2024-01-02' });
    expect(all.map((u) => u.id)).toEqual([driver.id, earlyJan2.id, lateJan1.id]);
    const drivers = await everyPage(call, driverList, { from: '2024-01-02', tz: 'UTC' });
    expect(drivers.map((u) => u.id)).toEqual([driver.id]);
  });

  it('counts a whole role within dates only ten pages ahead; other totals stay exact', async () => {
    const { database, call } = await setup();
    for (let n = 0; n < 13; n++) {
      await createUser(database, {
        createdAt: at(`2024-03-${String(n + 1).padStart(2, '0')}T12:00:00Z`),
      });
    }
    const page = async (query: Record<string, unknown>) =>
      (await call(userList, { user_type: 'User', per_page: 1, ...query })).body.data;

    expect(await page({ from: '2024-03-01' })).toMatchObject({ total: 11, total_exact: false });
    expect(await page({ from: '2024-03-01', page: 13 })).toMatchObject({
      total: 13,
      total_exact: true,
    });
    expect(await page({ from: '2024-03-03' })).toMatchObject({ total: 11, total_exact: true });
    expect(await page({})).toMatchObject({ total: 13, total_exact: true });
  });

  it('refuses approval for passengers, and bad dates, zones and ranges, with field errors', async () => {
    const { database, call } = await setup();
    await people(database);
    const refused = async (query: Record<string, unknown>, field: string, message: string) => {
      const res = await call(userList, { user_type: 'User', ...query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ status: false, message, data: { errors: { [field]: message } } });
    };
    await refused(
      { approval: 'Approved' },
      'approval',
      'Passengers have no approval: leave approval out.',
    );
    const dateMessage = (field: string) =>
      `${field} must be a date written YYYY-MM-DD, such as 2025-01-31.`;
    for (const bad of ['2024-02-30', '2023-02-29', '2024-13-01', '24-01-01', '2024-1-1', 'today']) {
      await refused({ from: bad }, 'from', dateMessage('from'));
      await refused({ to: bad }, 'to', dateMessage('to'));
    }
    await refused({ from: '2024-01-02', to: '2024-01-01' }, 'to', 'to must be on or after from.');
    const zone = 'tz must be an IANA time zone name, such as Europe/Madrid.';
    for (const bad of ['Mars/Olympus', '+01:00', 'UTC+1', "Europe/Madrid'", 'a'.repeat(65)]) {
      await refused({ tz: bad }, 'tz', zone);
    }
    // Other roles keep their approval filter; a leap day exists in a leap year.
    expect((await call(userList, { user_type: 'Driver', approval: 'Approved' })).statusCode).toBe(
      200,
    );
    expect((await call(userList, { user_type: 'User', from: '2024-02-29' })).statusCode).toBe(200);
    expect((await call(allUsers, { approval: 'Pending', tz: 'europe/madrid' })).statusCode).toBe(
      200,
    );
  });
});

describe('user-detail links a driver to the vehicle they drive', () => {
  it('answers the vehicle of a driver, null when none or deleted and for other roles', async () => {
    const { database, call } = await setup();
    const company = await createCompany(database);
    const vehicle = await createVehicle(
      database,
      { companyId: company.id, licenseNumber: 'CAB-42', approval: 'Pending' },
      { service: 'Comfort', type: 'Minivan', brand: 'Kia', model: 'Carnival' },
    );
    const driver = await createDriver(database, { companyId: company.id });
    const walker = await createDriver(database, { companyId: company.id });
    await database.db.insert(driverVehicles).values({ driverId: driver.id, vehicleId: vehicle.id });
    const detail = async (id: number) => (await call(userDetail, { user_id: id })).body.data;

    expect((await detail(driver.id)).vehicle).toEqual({
      id: vehicle.id,
      license_number: 'CAB-42',
      approval: 'Pending',
      service_type_data: { id: vehicle.serviceTypeId, title: 'Comfort' },
      vehicle_type_data: { id: vehicle.vehicleTypeId, title: 'Minivan' },
      brand_name: { id: vehicle.brandId, name: 'Kia' },
      model_name: { id: vehicle.modelId, name: 'Carnival' },
    });
    expect((await detail(walker.id)).vehicle).toBeNull();
    expect((await detail(company.id)).vehicle).toBeNull();
    await database.db
      .update(vehicles)
      .set({ deletedAt: sql`now()` })
      .where(eq(vehicles.id, vehicle.id));
    expect((await detail(driver.id)).vehicle).toBeNull();
  });
});
