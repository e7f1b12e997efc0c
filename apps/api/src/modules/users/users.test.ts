import {
  allUsers,
  driverList,
  type UserDetail,
  userDetail,
  userList,
  type UserListItem,
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
import {
  api,
  buildTestApp,
  createAdmin,
  signedUrlOf,
  signedIn,
  writeUploads,
} from '../../../test/helper';

type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

async function setup() {
  const { app, database, config } = await buildTestApp();
  await createAdmin(database);
  const { token, call } = await signedIn(app);
  /** What an `<img>` gets for a URL the API answered: no bearer token. */
  const load = (url: string) => app.inject({ url });
  return { app, database, config, token, load, call };
}

const at = (iso: string) => new Date(iso);
const names = (page: Paged<UserListItem>) => page.data.map((u) => u.name);

describe('user-list', () => {
  it('answers the items of SPEC 3 for each role', async () => {
    const { database, call } = await setup();
    const company = await createCompany(database, {
      name: 'Olive Owner',
      email: 'fleet@example.test',
      phone: '5551230000',
      companyName: 'Olive Cabs',
      profile: 'seed/company-logo-1.svg',
      createdAt: at('2024-03-05T09:12:00Z'),
    });
    const driver = await createDriver(database, {
      name: 'Dana Driver',
      email: 'dana@example.test',
      phone: '5551112222',
      gender: 'Female',
      dob: '1990-02-03',
      companyId: company.id,
      approval: 'Pending',
      createdAt: at('2024-03-06T10:00:00Z'),
    });
    await createVehicle(database, { companyId: company.id });
    await createVehicle(database, { companyId: company.id });
    const passenger = await createUser(database);
    await createRide(database, {
      userId: passenger.id,
      driverId: driver.id,
      companyId: company.id,
    });

    const drivers = await call(userList, { user_type: 'Driver' });
    expect(drivers.statusCode).toBe(200);
    expect(drivers.body).toEqual({
      status: true,
      message: 'Users fetched successfully.',
      data: {
        data: [
          {
            id: driver.id,
            user_type: 'Driver',
            name: 'Dana Driver',
            email: 'dana@example.test',
            phone: '5551112222',
            profile: null,
            gender: 'Female',
            dob: '1990-02-03',
            created_at: '2024-03-06T10:00:00.000Z',
            status: 'Active',
            approval: 'Pending',
            suspend_status: 0,
            company_name: null,
            total_vehicle: 0,
            total_driver: 0,
            driver_rides_count: 1,
            company: {
              id: company.id,
              company_name: 'Olive Cabs',
              email: 'fleet@example.test',
              phone: '5551230000',
            },
            rating: null,
            rating_count: 0,
          },
        ],
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: 1,
        total_exact: true,
      },
    });

    const companies = await call(userList, { user_type: 'Company', status: '' });
    expect(companies.body.data.data).toEqual([
      expect.objectContaining({
        id: company.id,
        user_type: 'Company',
        profile: signedUrlOf('/uploads/seed/company-logo-1.svg'),
        created_at: '2024-03-05T09:12:00.000Z',
        company_name: 'Olive Cabs',
        total_vehicle: 2,
        total_driver: 1,
        driver_rides_count: 1,
        company: null,
      }),
    ]);
  });

  it('lists newest first and pages within bounds', async () => {
    const { database, call } = await setup();
    const day = (d: number) => at(`2024-01-0${d}T00:00:00Z`);
    await createUser(database, { name: 'First', createdAt: day(1) });
    await createUser(database, { name: 'Third', createdAt: day(3) });
    await createUser(database, { name: 'Second', createdAt: day(2) });
    // Same instant: the higher id first.
    await createUser(database, { name: 'Third bis', createdAt: day(3) });
    await createDriver(database, { name: 'Not a passenger' });

    const page1 = (await call(userList, { user_type: 'User', per_page: 3 })).body.data;
    expect(names(page1)).toEqual(['Third bis', 'Third', 'Second']);
    expect(page1).toMatchObject({ current_page: 1, last_page: 2, per_page: 3, total: 4 });

    const page2 = (await call(userList, { user_type: 'User', per_page: 3, page: 2 })).body.data;
    expect(names(page2)).toEqual(['First']);

    const beyond = (await call(userList, { user_type: 'User', per_page: 3, page: 9 })).body.data;
    expect(beyond).toEqual({
      data: [],
      current_page: 9,
      last_page: 2,
      per_page: 3,
      total: 4,
      total_exact: true,
    });
  });

  it('refuses bad paging and a missing or unknown user_type with field errors', async () => {
    const { call } = await setup();
    const tooBig = await call(userList, { user_type: 'User', per_page: 101 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body).toEqual({
      status: false,
      message: 'per_page must be at most 100.',
      data: { errors: { per_page: 'per_page must be at most 100.' } },
    });
    const notNumber = await call(userList, { user_type: 'User', page: 'abc' });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.body.data.errors).toHaveProperty('page');
    const zero = await call(userList, { user_type: 'User', page: 0 });
    expect(zero.statusCode).toBe(400);
    const noType = await call(userList, {});
    expect(noType.statusCode).toBe(400);
    expect(noType.body.data.errors).toEqual({
      user_type: 'user_type must be User, Company or Driver.',
    });
    const admins = await call(userList, { user_type: 'Admin' });
    expect(admins.statusCode).toBe(400);
    const status = await call(userList, { user_type: 'User', status: 'Sleeping' });
    expect(status.body.data.errors).toEqual({ status: 'status must be Active or Inactive.' });
  });

  it('searches name, email, phone and company name, case-insensitively and literally', async () => {
    const { database, call } = await setup();
    await createUser(database, { name: 'Ann 100% Real', email: 'ann@example.test' });
    await createUser(database, { name: 'Ann 1000 Fake', email: 'ann2@example.test' });
    await createUser(database, { name: 'Bob a_b', email: 'bob@example.test' });
    await createUser(database, { name: 'Bob axb', email: 'bob2@example.test' });
    await createUser(database, { name: "Connor O'Brien", email: 'co@example.test' });
    await createUser(database, { name: 'Back\\slash', email: 'bs@example.test' });
    await createUser(database, { name: 'Phoned', phone: '5559876543' });
    await createCompany(database, { companyName: 'Zebra Rides' });

    const search = async (term: string, userType = 'User') =>
      (await call(userList, { user_type: userType, search: term })).body
        .data as Paged<UserListItem>;

    expect(names(await search('100%'))).toEqual(['Ann 100% Real']);
    expect(names(await search('a_b'))).toEqual(['Bob a_b']);
    expect(names(await search("o'bri"))).toEqual(["Connor O'Brien"]);
    expect(names(await search('K\\S'))).toEqual(['Back\\slash']);
    expect(names(await search('ANN2@EXAMPLE'))).toEqual(['Ann 1000 Fake']);
    expect(names(await search('98765'))).toEqual(['Phoned']);
    expect((await search('  ann  ')).total).toBe(2);
    expect((await search('%')).total).toBe(1);
    expect((await search('zebra')).total).toBe(0);
    expect((await search('zebra', 'Company')).data[0]?.company_name).toBe('Zebra Rides');
    // A blank search is no search.
    expect((await search('   ')).total).toBe(7);
  });

  it('filters by status and approval, with totals from the counters or a count', async () => {
    const { database, call } = await setup();
    await createDriver(database, { name: 'Pending one', approval: 'Pending' });
    await createDriver(database, { name: 'Approved one', approval: 'Approved' });
    await createDriver(database, {
      name: 'Approved sleeping',
      approval: 'Approved',
      status: 'Inactive',
    });
    await createDriver(database, { name: 'Rejected one', approval: 'Rejected' });

    const list = async (query: Record<string, string>) =>
      (await call(userList, { user_type: 'Driver', ...query })).body.data as Paged<UserListItem>;

    expect((await list({ approval: 'Approved' })).total).toBe(2);
    expect(names(await list({ approval: 'Approved', status: 'Active' }))).toEqual(['Approved one']);
    expect(names(await list({ status: 'Inactive' }))).toEqual(['Approved sleeping']);
    expect(names(await list({ approval: 'Pending', search: 'one' }))).toEqual(['Pending one']);
    expect((await list({ status: '', approval: '' })).total).toBe(4);
  });
});

describe('all-users', () => {
  it('lists every live account of any role, newest first, searchable', async () => {
    const { database, call } = await setup();
    const passenger = await createUser(database, {
      name: 'Pat',
      createdAt: at('2024-01-01T00:00:00Z'),
    });
    const company = await createCompany(database, {
      name: 'Cora',
      createdAt: at('2024-01-02T00:00:00Z'),
    });
    await createDriver(database, {
      name: 'Dex',
      companyId: company.id,
      createdAt: at('2024-01-03T00:00:00Z'),
    });
    await database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, passenger.id));

    const all = await call(allUsers);
    expect(all.statusCode).toBe(200);
    const page = all.body.data as Paged<UserListItem>;
    expect(page.data.map((u) => [u.name, u.user_type])).toEqual([
      ['Dex', 'Driver'],
      ['Cora', 'Company'],
    ]);
    expect(page.total).toBe(2);
    expect(names((await call(allUsers, { search: 'dex' })).body.data)).toEqual(['Dex']);
    expect((await call(allUsers, { page: 'x' })).statusCode).toBe(400);
  });
});

describe('user-detail', () => {
  it("shows a company's documents and figures, today's revenue in UTC", async () => {
    const { database, config, call, load } = await setup();
    const company = await createCompany(database, {
      companyName: 'Olive Cabs',
      companyDoc: ['seed/licence.svg', 'seed/permit one.svg'],
      approval: 'Pending',
    });
    const driver = await createDriver(database, { companyId: company.id });
    await createDriver(database, { companyId: company.id });
    await createVehicle(database, { companyId: company.id });
    const base = { driverId: driver.id, companyId: company.id };
    await createRide(database, { ...base, amount: '10.10' });
    await createRide(database, { ...base, amount: '5.00', rideStatus: 'Cancel' });
    await createRide(database, {
      ...base,
      amount: '20.25',
      createdAt: at('2023-05-01T12:00:00Z'),
    });

    const res = await call(userDetail, { user_id: company.id });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('User fetched successfully.');
    const detail = res.body.data as UserDetail;
    expect(detail).toMatchObject({
      id: company.id,
      user_type: 'Company',
      company_name: 'Olive Cabs',
      approval: 'Pending',
      company_doc: [
        signedUrlOf('/uploads/seed/licence.svg'),
        signedUrlOf('/uploads/seed/permit%20one.svg'),
      ],
      holding_dl: null,
      dl_front: null,
      total_driver: 2,
      total_vehicle: 1,
      overall_driver: 2,
      overall_vehicle: 1,
      driver_rides_count: 3,
      completed_rides: 2,
      today_revenue: 10.1,
      overall_revenue: 30.35,
      company: null,
    });
    // The documents load as the page's <img> asks for them, with no token.
    writeUploads(config, ['seed/licence.svg']);
    const image = await load(detail.company_doc[0]!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });

  it("shows a driver's licences, company and figures", async () => {
    const { database, config, call, load } = await setup();
    const company = await createCompany(database, {
      companyName: 'Olive Cabs',
      email: 'olive@example.test',
      phone: '5550001111',
    });
    const driver = await createDriver(database, {
      companyId: company.id,
      holdingDl: 'seed/holding.svg',
      dlFront: 'seed/front.svg',
    });
    const ride = await createRide(database, {
      driverId: driver.id,
      companyId: company.id,
      amount: '7.50',
    });

    const detail = (await call(userDetail, { user_id: driver.id })).body.data as UserDetail;
    expect(detail).toMatchObject({
      user_type: 'Driver',
      holding_dl: signedUrlOf('/uploads/seed/holding.svg'),
      dl_front: signedUrlOf('/uploads/seed/front.svg'),
      company_doc: [],
      driver_rides_count: 1,
      completed_rides: 1,
      today_revenue: 7.5,
      overall_revenue: 7.5,
      total_driver: 0,
      total_vehicle: 0,
      company: {
        id: company.id,
        company_name: 'Olive Cabs',
        email: 'olive@example.test',
        phone: '5550001111',
      },
    });
    writeUploads(config, ['seed/holding.svg', 'seed/front.svg']);
    for (const url of [detail.holding_dl!, detail.dl_front!]) {
      expect((await load(url)).body, url).toContain('<svg');
      // The path alone is refused: only the signed URL the API answered opens the licence.
      expect((await load(url.split('?')[0]!)).statusCode).toBe(403);
    }
    // The passenger's figures come from the same trip.
    const passenger = (await call(userDetail, { user_id: ride.userId })).body.data;
    expect(passenger).toMatchObject({
      user_type: 'User',
      driver_rides_count: 1,
      today_revenue: 7.5,
      overall_revenue: 7.5,
    });
  });

  it('answers 404 for a missing or deleted user, 400 for a bad id', async () => {
    const { database, call } = await setup();
    const gone = await createUser(database);
    await database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, gone.id));
    for (const id of [gone.id, 999999]) {
      const res = await call(userDetail, { user_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'User not found.', data: null });
    }
    const bad = await call(userDetail, { user_id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toHaveProperty('user_id');
    expect((await call(userDetail)).statusCode).toBe(400);
  });
});

describe('driver-list', () => {
  it("lists one company's live drivers, searchable, with totals", async () => {
    const { database, call } = await setup();
    const company = await createCompany(database);
    const other = await createCompany(database);
    await createDriver(database, {
      name: 'Ada',
      companyId: company.id,
      createdAt: at('2024-01-01T00:00:00Z'),
    });
    await createDriver(database, {
      name: 'Ben',
      companyId: company.id,
      createdAt: at('2024-01-02T00:00:00Z'),
    });
    const gone = await createDriver(database, { name: 'Gus', companyId: company.id });
    await createDriver(database, { name: 'Otto', companyId: other.id });
    await database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, gone.id));

    const res = await call(driverList, { company_id: company.id });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Drivers fetched successfully.');
    expect(names(res.body.data)).toEqual(['Ben', 'Ada']);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.data[0].company.id).toBe(company.id);

    const found = await call(driverList, { company_id: company.id, search: 'ad' });
    expect(names(found.body.data)).toEqual(['Ada']);
    expect(found.body.data.total).toBe(1);

    const paged = await call(driverList, { company_id: company.id, per_page: 1, page: 3 });
    expect(paged.body.data).toEqual({
      data: [],
      current_page: 3,
      last_page: 2,
      per_page: 1,
      total: 2,
      total_exact: true,
    });

    // Without company_id: every driver.
    expect((await call(driverList)).body.data.total).toBe(3);
  });

  it('answers 404 when the company is missing or not a company', async () => {
    const { database, call } = await setup();
    const passenger = await createUser(database);
    for (const id of [999999, passenger.id]) {
      const res = await call(driverList, { company_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe('Company not found.');
    }
    expect((await call(driverList, { company_id: 'x' })).statusCode).toBe(400);
  });
});

describe('authentication', () => {
  it('needs the bearer token', async () => {
    const { app } = await setup();
    for (const path of [userList.path, allUsers.path, userDetail.path, driverList.path]) {
      const res = await app.inject({ url: api(`${path}?user_type=User&user_id=1`) });
      expect(res.statusCode).toBe(401);
    }
  });
});
