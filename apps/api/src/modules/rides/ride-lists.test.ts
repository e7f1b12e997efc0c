import { RIDE_SORTS, rideDetail, rideList } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../../test/builders';
import { signedInApp } from '../../../test/helper';
import { everyPage, expectSorts, expectUnknownSortRefused, idsSortedBy } from '../../../test/lists';
import { indexScansUnderLimit, planOf, statementsSent } from '../../../test/plans';

async function setup() {
  const { database, call } = await signedInApp();
  return { database, call };
}

const at = (iso: string) => new Date(iso);

/**
 * Two companies, each with a driver and a vehicle of its own service type,
 * two passengers, and trips of every status around midnight UTC on January 1
 * and 2, 2024, with ties on price and time.
 */
async function trips(database: Database) {
  const olive = await createCompany(database, { companyName: 'Olive Cabs' });
  const zest = await createCompany(database, { companyName: 'Zest Cars' });
  const dana = await createDriver(database, { name: 'Dana', companyId: olive.id });
  const eli = await createDriver(database, { name: 'Eli', companyId: zest.id });
  const comfort = await createVehicle(database, { companyId: olive.id }, { service: 'Comfort' });
  const standard = await createVehicle(database, { companyId: zest.id }, { service: 'Standard' });
  const ann = await createUser(database, { name: 'Ann Rider' });
  const bob = await createUser(database, { name: 'Bob Rider' });
  const byOlive = { driverId: dana.id, companyId: olive.id, vehicleId: comfort.id };
  const byZest = { driverId: eli.id, companyId: zest.id, vehicleId: standard.id };
  const made = [
    {
      userId: ann.id,
      ...byOlive,
      amount: '10.00',
      rideStatus: 'Complete',
      at: '2023-12-31T22:00:00Z',
    },
    {
      userId: ann.id,
      ...byOlive,
      amount: '25.50',
      rideStatus: 'Cancel',
      at: '2024-01-01T04:59:59Z',
    },
    {
      userId: bob.id,
      ...byZest,
      amount: '25.50',
      rideStatus: 'Complete',
      at: '2024-01-01T05:00:00Z',
    },
    { userId: bob.id, ...byZest, amount: '99.99', rideStatus: 'Start', at: '2024-01-01T05:00:00Z' },
    {
      userId: ann.id,
      ...byZest,
      amount: '100.00',
      rideStatus: 'Accept',
      at: '2024-01-01T23:59:59Z',
    },
    { userId: bob.id, amount: '5.00', rideStatus: 'Pending', at: '2024-01-02T00:00:00Z' },
    { userId: ann.id, ...byOlive, amount: '12.00', rideStatus: 'End', at: '2024-01-02T05:00:00Z' },
    {
      userId: bob.id,
      ...byOlive,
      amount: '150.00',
      rideStatus: 'Complete',
      at: '2024-01-03T12:00:00Z',
    },
  ] as const;
  for (const { at: when, ...ride } of made) {
    await createRide(database, { ...ride, createdAt: at(when) });
  }
  return { olive, zest, dana, eli, comfort, standard, ann, bob };
}

type RideItem = Awaited<ReturnType<typeof everyPage>>[number] & {
  amount: number;
  created_at: string;
  ride_status: string;
  user: { id: number };
  driver: { id: number; vehicle: { service_type_data: { title: string } } | null } | null;
  company: { id: number } | null;
};

describe('sorting the trips', () => {
  it('sorts all trips and those of a passenger, driver or company by date and price', async () => {
    const { database, call } = await setup();
    const { olive, dana, ann } = await trips(database);
    await expectSorts(call, rideList, {}, RIDE_SORTS);
    for (const account of [ann, dana, olive]) {
      await expectSorts(call, rideList, { user_id: account.id }, RIDE_SORTS);
    }
    await expectUnknownSortRefused(call, rideList, {}, RIDE_SORTS, 'price');
    await expectUnknownSortRefused(call, rideList, { user_id: ann.id }, RIDE_SORTS, 'ride_status');
  });
});

describe('filtering the trips', () => {
  it('keeps what each filter and every mix of them keeps, in the order asked', async () => {
    const { database, call } = await setup();
    const { olive, zest, dana, eli, comfort, ann, bob } = await trips(database);
    const all = (await everyPage(call, rideList, {})) as RideItem[];
    expect(all).toHaveLength(8);
    const time = (item: RideItem) => Date.parse(item.created_at);
    // January 1, 2024 in New York (UTC-5): 05:00 UTC to 05:00 UTC the next day.
    const newYorkJan1 = (item: RideItem) =>
      time(item) >= Date.parse('2024-01-01T05:00:00Z') &&
      time(item) < Date.parse('2024-01-02T05:00:00Z');
    const utcJan1 = (item: RideItem) =>
      time(item) >= Date.parse('2024-01-01T00:00:00Z') &&
      time(item) < Date.parse('2024-01-02T00:00:00Z');
    const cases: [Record<string, unknown>, (item: RideItem) => boolean][] = [
      [{ ride_status: 'Complete' }, (r) => r.ride_status === 'Complete'],
      [
        { ride_status: 'Pending, Accept,Start' },
        (r) => ['Pending', 'Accept', 'Start'].includes(r.ride_status),
      ],
      [{ from: '2024-01-01', to: '2024-01-01' }, utcJan1],
      [{ from: '2024-01-01', to: '2024-01-01', tz: 'America/New_York' }, newYorkJan1],
      [{ from: '2024-01-02' }, (r) => time(r) >= Date.parse('2024-01-02T00:00:00Z')],
      [
        { to: '2023-12-31', tz: 'America/New_York' },
        (r) => time(r) < Date.parse('2024-01-01T05:00:00Z'),
      ],
      [{ company_id: olive.id }, (r) => r.company?.id === olive.id],
      [{ driver_id: eli.id }, (r) => r.driver?.id === eli.id],
      [{ user_id: bob.id }, (r) => r.user.id === bob.id],
      [{ service_type_id: comfort.serviceTypeId }, (r) => r.company?.id === olive.id],
      [{ min_amount: '25.5' }, (r) => r.amount >= 25.5],
      [{ max_amount: '25.50' }, (r) => r.amount <= 25.5],
      [{ min_amount: 12, max_amount: '99.99' }, (r) => r.amount >= 12 && r.amount <= 99.99],
      [
        { ride_status: 'Complete,Cancel', from: '2024-01-01', tz: 'America/New_York' },
        (r) =>
          ['Complete', 'Cancel'].includes(r.ride_status) &&
          time(r) >= Date.parse('2024-01-01T05:00:00Z'),
      ],
      [
        { company_id: zest.id, ride_status: 'Complete,Start', max_amount: 99.99 },
        (r) => r.company?.id === zest.id && r.amount <= 99.99,
      ],
      [
        { user_id: ann.id, driver_id: dana.id, from: '2024-01-01' },
        (r) =>
          r.user.id === ann.id && r.driver?.id === dana.id && time(r) >= Date.parse('2024-01-01'),
      ],
      // With a search: Bob's trips by his name, and the companies' by theirs.
      [
        { search: 'bob rider', from: '2024-01-02' },
        (r) => r.user.id === bob.id && time(r) >= Date.parse('2024-01-02'),
      ],
      [
        { search: 'zest', ride_status: 'Complete,Start,Accept', min_amount: 50 },
        (r) => r.company?.id === zest.id && r.amount >= 50,
      ],
      [
        { search: 'rider', user_id: ann.id, ride_status: 'Cancel,End' },
        (r) => r.user.id === ann.id && ['Cancel', 'End'].includes(r.ride_status),
      ],
    ];
    for (const [query, keep] of cases) {
      const kept = all.filter(keep);
      expect(kept.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const sort of [undefined, 'amount', '-amount', 'created_at']) {
        const field = sort?.replace('-', '') ?? 'created_at';
        const descending = sort === undefined || sort.startsWith('-');
        const found = await everyPage(call, rideList, sort ? { ...query, sort } : query);
        expect(
          found.map((r) => r.id),
          JSON.stringify({ ...query, sort }),
        ).toEqual(idsSortedBy(kept, field, descending));
      }
    }
  });

  it('counts all trips, by status and by date exactly, and other filters ten pages ahead', async () => {
    const { database, call } = await setup();
    const { olive } = await trips(database);
    const page = async (query: Record<string, unknown>) =>
      (await call(rideList, { per_page: 1, ...query })).body.data;
    const exact = (total: number) => ({ total, total_exact: true, last_page: total });

    expect(await page({})).toMatchObject(exact(8));
    expect(await page({ ride_status: 'Complete,Pending' })).toMatchObject(exact(4));
    expect(
      await page({ from: '2024-01-01', to: '2024-01-01', tz: 'America/New_York' }),
    ).toMatchObject(exact(4));
    expect(await page({ ride_status: 'Complete', to: '2024-01-02' })).toMatchObject(exact(2));
    expect(await page({ user_id: olive.id })).toMatchObject(exact(4));
    // No counter: counted as far as ten pages past the one asked for (here all 4, so exact).
    expect(await page({ company_id: olive.id, ride_status: 'Complete' })).toMatchObject(exact(2));
    for (let n = 0; n < 8; n++) {
      await createRide(database, {
        companyId: olive.id,
        amount: '30.00',
        createdAt: at('2024-02-01T00:00:00Z'),
      });
    }
    expect(await page({ company_id: olive.id, min_amount: 1 })).toMatchObject({
      total: 11,
      total_exact: false,
    });
    expect(await page({ company_id: olive.id })).toMatchObject(exact(12));
  });

  /** The scans of rides that choose a call's page: [node type, index, index condition]. */
  async function pageScans(database: Database, call: () => Promise<{ statusCode: number }>) {
    const sent = statementsSent(database);
    expect((await call()).statusCode).toBe(200);
    const plans = await Promise.all(sent.map((statement) => planOf(database, statement)));
    return plans
      .flatMap((plan) => indexScansUnderLimit(plan))
      .filter((scan) => scan['Relation Name'] === 'rides')
      .map((scan) => [scan['Node Type'], scan['Index Name'], scan['Index Cond']]);
  }

  it('walks one status by price in the index of status and price, not every trip by price', async () => {
    const { database, call } = await setup();
    await trips(database);
    const scans = await pageScans(database, () =>
      call(rideList, { ride_status: 'Cancel', sort: '-amount' }),
    );
    expect(scans.map(([, index, condition]) => [index, condition])).toEqual([
      ['rides_status_amount_idx', "(ride_status = 'Cancel'::ride_status)"],
    ]);
  });

  it("reads an account's trips of a status from its index alone, not a heap page a trip", async () => {
    const { database, call } = await setup();
    const { olive, dana, ann } = await trips(database);
    // Marks the pages all-visible, as autovacuum does: an index-only scan needs it.
    await database.rows(sql`vacuum analyze rides`);
    for (const [account, column] of [
      [{ company_id: olive.id }, `company_id = ${olive.id}`],
      [{ driver_id: dana.id }, `driver_id = ${dana.id}`],
      [{ user_id: ann.id }, `user_id = ${ann.id}`],
    ] as const) {
      const index = `rides_${Object.keys(account)[0]!.replace('_id', '')}_created_idx`;
      expect(
        await pageScans(database, () => call(rideList, { ...account, ride_status: 'Cancel' })),
      ).toEqual([
        ['Index Only Scan', index, `((${column}) AND (ride_status = 'Cancel'::ride_status))`],
      ]);
    }
  });

  it('refuses a bad value of any filter with a field error, and an account of another role with 404', async () => {
    const { database, call } = await setup();
    const { olive, dana, ann } = await trips(database);
    const before = await database.rows(
      sql`select count(*)::int as n, sum(amount)::text as s from rides`,
    );
    const refused = async (query: Record<string, unknown>, field: string, message: string) => {
      const res = await call(rideList, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ status: false, message, data: { errors: { [field]: message } } });
    };
    const statusMessage =
      'ride_status must be one or more of Pending, Accept, Start, End, Complete, Cancel, separated by commas.';
    for (const bad of ['Done', 'Pending,,Accept', 'pending', 'Pending;Accept', 'Completed']) {
      await refused({ ride_status: bad }, 'ride_status', statusMessage);
    }
    await refused(
      { from: '2024-02-30' },
      'from',
      'from must be a date written YYYY-MM-DD, such as 2025-01-31.',
    );
    await refused({ from: '2024-01-02', to: '2024-01-01' }, 'to', 'to must be on or after from.');
    await refused(
      { tz: 'Nowhere/City' },
      'tz',
      'tz must be an IANA time zone name, such as Europe/Madrid.',
    );
    const amountMessage = (field: string) =>
      `${field} must be an amount in dollars, such as 12.50.`;
    for (const bad of ['-1', '1.234', 'abc', '1e3', '12,50', '99999999999']) {
      await refused({ min_amount: bad }, 'min_amount', amountMessage('min_amount'));
      await refused({ max_amount: bad }, 'max_amount', amountMessage('max_amount'));
    }
    await refused(
      { min_amount: '10', max_amount: '9.99' },
      'max_amount',
      'max_amount must be at least min_amount.',
    );
    for (const field of ['company_id', 'driver_id', 'service_type_id', 'user_id']) {
      await refused({ [field]: 'abc' }, field, 'Must be a whole number.');
      await refused({ [field]: '0' }, field, 'Must be a positive number.');
    }
    // An id of another role is not a company or a driver.
    const notFound = async (query: Record<string, unknown>, message: string) => {
      const res = await call(rideList, query);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: false, message, data: null });
    };
    await notFound({ company_id: dana.id }, 'Company not found.');
    await notFound({ driver_id: olive.id }, 'Driver not found.');
    await notFound({ driver_id: ann.id }, 'Driver not found.');
    await notFound({ user_id: 999_999 }, 'User not found.');
    expect(
      await database.rows(sql`select count(*)::int as n, sum(amount)::text as s from rides`),
    ).toEqual(before);
  });
});

describe('ride-detail links the trip to its payment', () => {
  it('answers the transaction of a paid trip, and null for one not paid', async () => {
    const { database, call } = await setup();
    const paid = await createRide(database, {
      amount: '31.40',
      rideStatus: 'Complete',
      createdAt: at('2024-05-01T10:00:00Z'),
    });
    const waiting = await createRide(database, { rideStatus: 'Pending' });
    const [payment] = await database.rows<{ id: number }>(
      sql`select id from transactions where ride_id = ${paid.id}`,
    );

    const detail = await call(rideDetail, { ride_id: paid.id });
    expect(detail.body.data.transaction).toEqual({
      id: payment!.id,
      transaction_id: `TXN${paid.id}`,
      amount: 31.4,
      payment_method: 'Card',
      created_at: '2024-05-01T10:00:00.000Z',
    });
    expect((await call(rideDetail, { ride_id: waiting.id })).body.data.transaction).toBeNull();
  });
});
