import {
  INTEGRATION_BASE,
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
  PAYOUT_MESSAGES,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/builders';
import { bearer, signedInApp } from '../../../test/helper';

/*
 * The set-based import (import-batch.ts): the semantics of the single calls,
 * each batch in a few statements.
 */

async function importer() {
  const built = await signedInApp();
  // The desk's catalogue: a Standard service and a Sedan of 4 seats.
  await createVehicle(built.database, {}, { service: 'Standard', type: 'Sedan', seats: 4 });
  const made = await built.call(integrationKeyCreate, {
    name: 'Importer',
    scopes: ['people:write', 'vehicles:write', 'trips:write', 'payments:write'],
  });
  const key: string = made.body.data.key;
  const post = async (payload: string, contentType: string) => {
    const res = await built.app.inject({
      method: 'POST',
      url: `${INTEGRATION_BASE}import`,
      payload,
      headers: { ...bearer(key), 'content-type': contentType },
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  const send = (rows: object[]) =>
    post(rows.map((row) => JSON.stringify(row)).join('\n') + '\n', 'application/x-ndjson');
  const sendCsv = (lines: string[]) => post(lines.join('\n') + '\n', 'text/csv');
  return { ...built, send, sendCsv };
}

const person = (userType: string, externalId: string, extra: object = {}) => ({
  kind: 'people',
  external_id: externalId,
  user_type: userType,
  name: `Person ${externalId}`,
  email: `${externalId}@example.test`,
  phone: '+1 555 0100',
  ...extra,
});
const trip = (externalId: string, event: string, time: string, extra: object = {}) => ({
  kind: 'trips',
  external_id: externalId,
  event,
  at: `2026-11-20T${time}:00.000Z`,
  user_external_id: 'u-1',
  pickup_address: '1 Olive Street',
  drop_address: '9 Harbour Road',
  ...extra,
});
const payment = (externalId: string, tripId: string, amount: string) => ({
  kind: 'payments',
  external_id: externalId,
  trip_external_id: tripId,
  amount,
  payment_method: 'Card',
  at: '2026-11-20T10:31:00.000Z',
});

/** A marketplace's file: good rows and bad ones, by line. */
const MARKETPLACE = [
  person('Company', 'c-1', { company_name: 'Olive Cabs' }), // 1
  person('Driver', 'd-1', { company_external_id: 'c-1' }), // 2
  person('Driver', 'd-2', { company_external_id: 'c-1' }), // 3
  person('User', 'u-1'), // 4
  person('User', 'u-2'), // 5
  {
    kind: 'vehicles',
    external_id: 'v-1',
    company_external_id: 'c-1',
    service_type: 'Standard',
    vehicle_type: 'Sedan',
    brand: 'Toyota',
    model: 'Corolla',
    color: 'Blue',
    seats: 4,
    license_number: 'OLV-1001',
  }, // 6
  // t-1's events out of order: Completed arrives first, the driver only on later events.
  trip('t-1', 'completed', '10:30', { amount: '20.00' }), // 7
  trip('t-1', 'created', '10:00', { amount: '18.00' }), // 8
  trip('t-1', 'accepted', '10:05', { driver_external_id: 'd-1', vehicle_external_id: 'v-1' }), // 9
  trip('t-2', 'created', '11:00', { user_external_id: 'u-2' }), // 10
  trip('t-2', 'cancelled', '11:02', { user_external_id: 'u-2', reason: 'No-show' }), // 11
  trip('t-3', 'created', '12:00', { driver_external_id: 'd-404' }), // 12
  trip('t-4', 'created', '12:00', { user_external_id: 'u-404' }), // 13
  trip('t-5', 'created', '12:00', { vehicle_external_id: 'v-404' }), // 14
  payment('pay-1', 't-1', '20.00'), // 15
  payment('pay-2', 't-1', '20.00'), // 16
  payment('pay-3', 't-404', '9.00'), // 17
  person('Driver', 'd-3', { company_external_id: 'c-404' }), // 18
  person('User', 'u-3', { email: 'U-1@example.test' }), // 19
  trip('t-1', 'completed', '10:30', { amount: '20.00' }), // 20: the same event again
];

const REJECTED = [
  { line: 12, kind: 'trips', external_id: 't-3', reasons: [INTEGRATION_MESSAGES.noDriver] },
  { line: 13, kind: 'trips', external_id: 't-4', reasons: [INTEGRATION_MESSAGES.noPassenger] },
  { line: 14, kind: 'trips', external_id: 't-5', reasons: [INTEGRATION_MESSAGES.noVehicle] },
  { line: 16, kind: 'payments', external_id: 'pay-2', reasons: [INTEGRATION_MESSAGES.tripPaid] },
  { line: 17, kind: 'payments', external_id: 'pay-3', reasons: [INTEGRATION_MESSAGES.noTrip] },
  { line: 18, kind: 'people', external_id: 'd-3', reasons: [INTEGRATION_MESSAGES.noCompany] },
  { line: 19, kind: 'people', external_id: 'u-3', reasons: [INTEGRATION_MESSAGES.emailTaken] },
];

type Built = Awaited<ReturnType<typeof importer>>;

/** The trips as the desk shows them. */
const tripsOf = (built: Built) =>
  built.database.rows(
    sql`select r.external_id, r.ride_status::text, r.cancel_reason, r.amount::text,
          (select external_id from users where id = r.user_id) as passenger,
          (select external_id from users where id = r.driver_id) as driver,
          (select external_id from users where id = r.company_id) as company,
          (select external_id from vehicles where id = r.vehicle_id) as vehicle,
          to_char(r.created_at at time zone 'UTC', 'HH24:MI') as created,
          (select count(*)::int from ride_events e where e.ride_id = r.id) as events,
          (select amount::text from transactions t where t.ride_id = r.id) as paid
        from rides r order by r.external_id`,
  );

/** Every row the import may write, with its row version: equal snapshots mean nothing was written. */
const snapshot = (built: Built) =>
  built.database.rows(
    sql`select 'users' as t, id, xmin::text as v from users
        union all select 'vehicles', id, xmin::text from vehicles
        union all select 'rides', id, xmin::text from rides
        union all select 'ride_events', id, xmin::text from ride_events
        union all select 'transactions', id, xmin::text from transactions
        -- The API marks a notification's push as sent: of these, only how many.
        union all select 'notifications', count(*)::int, 'rows' from notifications
        union all select 'brands', id, xmin::text from brands
        order by 1, 2`,
  );

/** The counters the triggers keep, to compare with a recount (decision 002). */
const counters = (built: Built) =>
  built.database.rows(sql`
    select json_build_object(
      'users', (select json_agg(u order by u) from user_counts u where n <> 0),
      'rides', (select json_agg(r order by ride_status) from ride_counts r where n <> 0),
      'tables', (select json_agg(t order by table_name) from table_counts t where n <> 0),
      'daily', (select json_agg(d order by day, ride_status) from ride_daily d where n <> 0),
      'stats', (select json_agg(s order by user_id) from user_stats s)
    ) as counters`);

describe('POST import, set-based', () => {
  it(
    'writes a marketplace as the single calls would, rejecting unknown references with reasons',
    { timeout: 120_000 },
    async () => {
      const built = await importer();
      const answer = await built.send(MARKETPLACE);
      expect(answer.statusCode).toBe(200);
      expect(answer.body.data).toEqual({
        accepted: MARKETPLACE.length - REJECTED.length,
        rejected: REJECTED.length,
        errors: REJECTED,
        errors_not_listed: 0,
        by_kind: {
          people: { accepted: 5, rejected: 2 },
          vehicles: { accepted: 1, rejected: 0 },
          trips: { accepted: 6, rejected: 3 },
          payments: { accepted: 1, rejected: 2 },
        },
      });
      expect(await tripsOf(built)).toEqual([
        {
          external_id: 't-1',
          // The latest event by its time sets the status; the driver came with an earlier one.
          ride_status: 'Complete',
          cancel_reason: null,
          amount: '20.00',
          passenger: 'u-1',
          driver: 'd-1',
          company: 'c-1',
          vehicle: 'v-1',
          created: '10:00',
          events: 3,
          paid: '20.00',
        },
        {
          external_id: 't-2',
          ride_status: 'Cancel',
          cancel_reason: 'No-show',
          amount: '0.00',
          passenger: 'u-2',
          driver: null,
          company: null,
          vehicle: null,
          created: '11:00',
          events: 2,
          paid: null,
        },
      ]);
      // The registrations announced once, in the import's one notification.
      const announced = await built.database.rows<{ kind: string; message: string }>(
        sql`select kind, message from notifications`,
      );
      expect(announced).toEqual([
        {
          kind: 'records_imported',
          message: `2 drivers, 1 company, 1 vehicle and 2 passengers imported, ${REJECTED.length} rows rejected. The drivers, companies and vehicles wait for approval.`,
        },
      ]);
      // The trips' people search text, written by trigger, is what the function gives (decision 011).
      const [stale] = await built.database.rows<{ n: number }>(
        sql`select count(*)::int as n from rides
          where people_search <> ride_people_search(user_id, driver_id, company_id)
             or digits <> ride_digits(pickup_address, drop_address, people_search)`,
      );
      expect(stale!.n).toBe(0);
      const kept = await counters(built);
      await built.database.rows(sql`select recount_counters()`);
      expect(kept).toEqual(await counters(built));
    },
  );

  it('keeps the bank details people rows send, checked per line, and changes them on a later import (issue 48)', async () => {
    const built = await importer();
    const bank = (iban: string, bic: string) => ({ iban, bic, account_holder: 'Holder' });
    const first = await built.send([
      person('Company', 'c-b', {
        company_name: 'Banked Cabs',
        ...bank('DE89370400440532013000', 'COBADEFFXXX'),
      }),
      person('Driver', 'd-b', {
        company_external_id: 'c-b',
        ...bank('ES9121000418450200051332', 'CAIXESBBXXX'),
      }),
      person('Driver', 'd-x', { ...bank('ES9121000418450200051333', 'CAIXESBBXXX') }),
    ]);
    expect(first.body.data.errors).toEqual([
      {
        line: 3,
        kind: 'people',
        external_id: 'd-x',
        reasons: [`iban: ${PAYOUT_MESSAGES.ibanInvalid}`],
      },
    ]);
    const saved = () =>
      built.database.rows<{ external_id: string; iban: string; admin_id: number | null }>(
        sql`select u.external_id, b.iban, b.admin_id from bank_details b join users u on u.id = b.user_id
            order by u.external_id`,
      );
    expect(await saved()).toEqual([
      { external_id: 'c-b', iban: 'DE89370400440532013000', admin_id: null },
      { external_id: 'd-b', iban: 'ES9121000418450200051332', admin_id: null },
    ]);
    await built.send([
      person('Driver', 'd-b', {
        company_external_id: 'c-b',
        ...bank('DE89 3704 0044 0532 0130 00', 'COBADEFFXXX'),
      }),
    ]);
    expect((await saved())[1]).toEqual({
      external_id: 'd-b',
      iban: 'DE89370400440532013000',
      admin_id: null,
    });
  });

  it('writes nothing when the same file is imported again', { timeout: 120_000 }, async () => {
    const built = await importer();
    const first = await built.send(MARKETPLACE);
    const before = await snapshot(built);
    const kept = await counters(built);
    const again = await built.send(MARKETPLACE);
    expect(again.body.data).toEqual(first.body.data);
    expect(await snapshot(built)).toEqual(before);
    expect(await counters(built)).toEqual(kept);

    // A later event in a second file moves the trip on; the counters follow.
    const later = await built.send([
      trip('t-2', 'created', '11:00', { user_external_id: 'u-2' }),
      trip('t-2', 'accepted', '11:05', { user_external_id: 'u-2', driver_external_id: 'd-2' }),
    ]);
    expect(later.body.data).toMatchObject({ accepted: 2, rejected: 0 });
    const [t2] = (await tripsOf(built)).slice(1);
    // Accepted at 11:05 is later than Cancelled at 11:02: the trip takes it.
    expect(t2).toMatchObject({ ride_status: 'Accept', cancel_reason: null, driver: 'd-2' });
    const moved = await counters(built);
    await built.database.rows(sql`select recount_counters()`);
    expect(moved).toEqual(await counters(built));
  });

  it('keeps the points trips carry as the single calls do, from NDJSON and CSV', async () => {
    const built = await importer();
    const pickup = { pickup_lat: 41.882, pickup_lng: -87.6278 };
    const drop = { drop_lat: 41.8917, drop_lng: -87.6244 };
    const answer = await built.send([
      person('User', 'u-1'),
      // t-1: its points on the created event; the later one without them keeps them.
      trip('t-1', 'created', '10:00', { ...pickup, ...drop }),
      trip('t-1', 'accepted', '10:05'),
      // t-2: only the drop-off, on an event older than its latest.
      trip('t-2', 'started', '10:10'),
      trip('t-2', 'created', '10:00', drop),
      // Half a pair: refused with the field's reason.
      trip('t-3', 'created', '10:00', { pickup_lat: 41.882 }),
    ]);
    expect(answer.body.data).toMatchObject({
      accepted: 5,
      rejected: 1,
      errors: [
        expect.objectContaining({
          line: 6,
          reasons: ['pickup_lng is required with pickup_lat: send both or neither.'],
        }),
      ],
    });
    const pointsOf = () =>
      built.database.rows(
        sql`select external_id, pickup_lat, pickup_lng, drop_lat, drop_lng from rides
            order by external_id`,
      );
    const none = { pickup_lat: null, pickup_lng: null, drop_lat: null, drop_lng: null };
    expect(await pointsOf()).toEqual([
      { external_id: 't-1', ...pickup, ...drop },
      { external_id: 't-2', ...none, ...drop },
    ]);

    // A second file, CSV: t-2's later event brings its pick-up; t-1's earlier one changes nothing.
    const csv = await built.sendCsv([
      'kind,external_id,event,at,user_external_id,pickup_address,drop_address,pickup_lat,pickup_lng',
      'trips,t-2,ended,2026-11-20T10:20:00Z,u-1,1 Olive Street,9 Harbour Road,41.8757,-87.6162',
      'trips,t-1,created,2026-11-20T09:00:00Z,u-1,1 Olive Street,9 Harbour Road,1.5,2.5',
    ]);
    expect(csv.body.data).toMatchObject({ accepted: 2, rejected: 0 });
    expect(await pointsOf()).toEqual([
      { external_id: 't-1', ...pickup, ...drop },
      { external_id: 't-2', pickup_lat: 41.8757, pickup_lng: -87.6162, ...drop },
    ]);
  });

  it('splits the trips a file completes, once, as the single calls do (issue 48)', async () => {
    const built = await importer();
    const people = MARKETPLACE.slice(0, 6);
    const driven = { driver_external_id: 'd-1', vehicle_external_id: 'v-1' };
    const file = [
      ...people,
      trip('t-1', 'created', '10:00', { ...driven, amount: '20.00', payment_method: 'Cash' }),
      trip('t-1', 'completed', '10:30', { ...driven, amount: '20.00', coupon_discount: '5.00' }),
      trip('t-2', 'completed', '11:30', { ...driven, amount: '8.00', payment_method: 'Card' }),
      trip('t-3', 'started', '11:30', driven),
    ];
    expect((await built.send(file)).body.data).toMatchObject({ accepted: 10, rejected: 0 });
    expect((await built.send(file)).body.data).toMatchObject({ accepted: 10, rejected: 0 });
    const splits = await built.database.rows(
      sql`select r.external_id, s.gross::text, s.coupon_discount::text, s.driver_share::text,
            s.cash_collected, (select count(*)::int from ledger_sets l where l.cause_id = r.id) as sets,
            (select sum(amount)::text from ledger_entries e where e.set_id = s.set_id) as total
          from ride_splits s join rides r on r.id = s.ride_id order by r.external_id`,
    );
    // No rule: 0% commission; the company's part is 0% too, so the driver has the fare.
    expect(splits).toEqual([
      {
        external_id: 't-1',
        gross: '20.00',
        coupon_discount: '5.00',
        driver_share: '20.00',
        cash_collected: true,
        sets: 1,
        total: '0.00',
      },
      {
        external_id: 't-2',
        gross: '8.00',
        coupon_discount: '0.00',
        driver_share: '8.00',
        cash_collected: false,
        sets: 1,
        total: '0.00',
      },
    ]);
  });

  it('writes a batch of a thousand trips in a few statements', { timeout: 120_000 }, async () => {
    const built = await importer();
    await built.send([person('User', 'u-1')]);
    const rows = Array.from({ length: 2000 }, (_, n) =>
      trip(`t-${n}`, 'completed', '10:00', { amount: '12.50' }),
    );
    let statements = 0;
    built.database.timeQueries(() => (statements += 1));
    const answer = await built.send(rows);
    expect(answer.body.data).toMatchObject({ accepted: 2000, rejected: 0 });
    // Two batches: not a statement (or eight) per row.
    expect(statements).toBeLessThan(40);
    const [written] = await built.database.rows<{ n: number; amount: string }>(
      sql`select count(*)::int as n, sum(amount)::text as amount from rides`,
    );
    expect(written).toEqual({ n: 2000, amount: '25000.00' });
  });

  it('writes a company and its drivers of one batch in a few statements', async () => {
    const built = await importer();
    const rows = [
      person('Company', 'c-1', { company_name: 'Loop Cabs' }),
      ...Array.from({ length: 300 }, (_, n) =>
        person('Driver', `d-${n}`, { company_external_id: 'c-1' }),
      ),
    ];
    let statements = 0;
    built.database.timeQueries(() => (statements += 1));
    const answer = await built.send(rows);
    expect(answer.body.data).toMatchObject({ accepted: 301, rejected: 0 });
    // The company first, then its drivers together: drivers that name one company do not
    // wait for each other (they were written one a round, 300 rounds).
    expect(statements).toBeLessThan(40);
    const [drivers] = await built.database.rows<{ n: number }>(
      sql`select count(*)::int as n from users u join users c on c.id = u.company_id
          where u.role = 'Driver' and c.external_id = 'c-1' and u.approval = 'Pending'`,
    );
    expect(drivers).toEqual({ n: 300 });
  });
});
