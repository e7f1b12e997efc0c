import {
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
  integrationPayments,
  integrationTrips,
  rideCancel,
  rideDetail,
  rideList,
  rideTimeline,
  transactionList,
  type IntegrationScope,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createCompany, createDriver, createUser, createVehicle } from '../../../test/builders';
import { bearer, callApi, signedInApp } from '../../../test/helper';

/** An Owner's app, a small marketplace known by its external ids, and a key of `scopes`. */
async function marketplace(
  scopes: IntegrationScope[] = ['trips:write', 'payments:write', 'events:read'],
) {
  const built = await signedInApp();
  const { database } = built;
  const made = await built.call(integrationKeyCreate, { name: 'Marketplace', scopes });
  const key: string = made.body.data.key;
  const passenger = await createUser(database, { externalId: 'u-1', name: 'Rosa Diaz' });
  const company = await createCompany(database, { externalId: 'c-1' });
  const driver = await createDriver(database, { companyId: company.id, externalId: 'd-1' });
  const vehicle = await createVehicle(database, { companyId: company.id, externalId: 'v-1' });
  const send = (
    endpoint: typeof integrationTrips | typeof integrationPayments,
    body: Record<string, unknown>,
    idempotencyKey?: string,
  ) =>
    callApi(built.app, endpoint, body, {
      ...bearer(key),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
  return {
    ...built,
    key,
    keyId: made.body.data.id as number,
    send,
    passenger,
    company,
    driver,
    vehicle,
  };
}

/** A trip event of trip t-1, at minute `minute` of 2026-03-02 09:00 UTC. */
const tripEvent = (event: string, minute: number, fields: Record<string, unknown> = {}) => ({
  external_id: 't-1',
  event,
  at: `2026-03-02T09:${String(minute).padStart(2, '0')}:00Z`,
  user_external_id: 'u-1',
  driver_external_id: 'd-1',
  vehicle_external_id: 'v-1',
  pickup_address: '1 Harbour Rd',
  drop_address: '9 Hill St',
  amount: '18.40',
  ...fields,
});

const countOf = async (
  database: Database,
  table: 'rides' | 'ride_events' | 'transactions' | 'integration_requests',
) => (await database.rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/** The trip's recorded state changes, oldest first. */
const historyOf = (database: Database) =>
  database.rows<{ event: string; at: string; key_id: number | null; admin_id: number | null }>(
    sql`select event, to_char(at at time zone 'UTC', 'HH24:MI') as at, key_id, admin_id
        from ride_events order by at, id`,
  );

/** The counters the triggers keep, to compare with a recount. */
const counters = (database: Database) =>
  database.rows(sql`
    select json_build_object(
      'rides', (select json_agg(r order by ride_status) from ride_counts r where n <> 0),
      'tables', (select json_agg(t order by table_name) from table_counts t where n <> 0),
      'daily', (select json_agg(d order by day, ride_status) from ride_daily d where n <> 0),
      'stats', (select json_agg(s order by user_id) from user_stats s)
    ) as counters`);

async function expectCountersExact(database: Database) {
  const kept = await counters(database);
  await database.rows(sql`select recount_counters()`);
  expect(kept).toEqual(await counters(database));
}

describe('POST trips', () => {
  it('needs trips:write: 403 with a key without it, writing nothing', async () => {
    const { database, send } = await marketplace(['people:write', 'payments:write']);
    const refused = await send(integrationTrips, tripEvent('created', 0));
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(
      'This integration key does not have the scope trips:write, which this call needs.',
    );
    expect(await countOf(database, 'rides')).toBe(0);
    const other = await marketplace(['trips:write']);
    expect((await other.send(integrationTrips, tripEvent('created', 0))).statusCode).toBe(200);
    const payment = await other.send(integrationPayments, {
      external_id: 'p-1',
      trip_external_id: 't-1',
      amount: 18.4,
      payment_method: 'Card',
      at: '2026-03-02T09:30:00Z',
    });
    expect(payment.statusCode).toBe(403);
    expect(await countOf(other.database, 'transactions')).toBe(0);
  });

  it('makes a trip from its created event, listed like any other, and follows it to Complete', async () => {
    const { database, call, send, keyId, passenger, driver, company, vehicle } =
      await marketplace();
    const created = await send(
      integrationTrips,
      tripEvent('created', 0, { driver_external_id: undefined, vehicle_external_id: undefined }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.body).toEqual({
      status: true,
      message: INTEGRATION_MESSAGES.tripSaved,
      data: {
        id: expect.any(Number),
        external_id: 't-1',
        created: true,
        recorded: true,
        ride_status: 'Pending',
      },
    });
    const id = created.body.data.id;
    const list = await call(rideList, { search: 'harbour' });
    expect(list.body.data.data).toEqual([
      expect.objectContaining({
        id,
        ride_status: 'Pending',
        amount: 18.4,
        pickup_address: '1 Harbour Rd',
        created_at: '2026-03-02T09:00:00.000Z',
        driver: null,
        user: expect.objectContaining({ id: passenger.id, name: 'Rosa Diaz' }),
      }),
    ]);
    // Found by the passenger's name too: the trip carries its people's search text.
    expect((await call(rideList, { search: 'rosa diaz' })).body.data.total).toBe(1);

    for (const [event, minute, status] of [
      ['accepted', 2, 'Accept'],
      ['started', 7, 'Start'],
      ['ended', 25, 'End'],
      ['completed', 26, 'Complete'],
    ] as const) {
      const answer = await send(integrationTrips, tripEvent(event, minute));
      expect(answer.body.data).toMatchObject({ id, created: false, recorded: true });
      expect(answer.body.data.ride_status).toBe(status);
    }
    const detail = await call(rideDetail, { ride_id: id });
    expect(detail.body.data).toMatchObject({
      ride_status: 'Complete',
      driver: { id: driver.id, vehicle: expect.objectContaining({ id: vehicle.id }) },
      company: { id: company.id },
    });
    expect(await historyOf(database)).toEqual(
      [
        ['created', '09:00'],
        ['accepted', '09:02'],
        ['started', '09:07'],
        ['ended', '09:25'],
        ['completed', '09:26'],
      ].map(([event, at]) => ({ event, at, key_id: keyId, admin_id: null })),
    );
    await expectCountersExact(database);
  });

  it('writes the same event at the same time once: sent again, at once, or with an Idempotency-Key', async () => {
    const { database, send } = await marketplace();
    const first = await send(integrationTrips, tripEvent('created', 0));
    const again = await send(integrationTrips, tripEvent('created', 0));
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toMatchObject({
      id: first.body.data.id,
      created: false,
      recorded: false,
      ride_status: 'Pending',
    });

    const together = await Promise.all(
      Array.from({ length: 6 }, () => send(integrationTrips, tripEvent('accepted', 3))),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(together.filter((r) => r.body.data.recorded)).toHaveLength(1);

    // A new trip's first event, sent at once without a key: one trip.
    const fresh = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(integrationTrips, tripEvent('created', 1, { external_id: 't-3' })),
      ),
    );
    expect(fresh.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(fresh.filter((r) => r.body.data.created)).toHaveLength(1);

    const keyed = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(integrationTrips, tripEvent('started', 9, { external_id: 't-2' }), 'trip-key'),
      ),
    );
    expect(keyed.map((r) => r.statusCode)).toEqual(Array(4).fill(200));
    expect(keyed.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(new Set(keyed.map((r) => r.body.data.id)).size).toBe(1);
    expect(keyed.every((r) => r.body.data.created)).toBe(true);

    expect(await countOf(database, 'rides')).toBe(3);
    expect(await countOf(database, 'ride_events')).toBe(4);
    await expectCountersExact(database);
  });

  it('applies events in the order of their times: a completed before its started ends Completed', async () => {
    const { database, call, send } = await marketplace();
    const completed = await send(integrationTrips, tripEvent('completed', 26, { amount: 21 }));
    expect(completed.body.data).toMatchObject({ created: true, ride_status: 'Complete' });
    const id = completed.body.data.id;
    const started = await send(integrationTrips, tripEvent('started', 7, { amount: 5 }));
    expect(started.body.data).toMatchObject({ recorded: true, ride_status: 'Complete' });
    const accepted = await send(
      integrationTrips,
      tripEvent('accepted', 2, { pickup_address: 'Somewhere else' }),
    );
    expect(accepted.body.data.ride_status).toBe('Complete');
    // The trip's date is its created event's, whenever that arrives.
    const created = await send(integrationTrips, tripEvent('created', 0));
    expect(created.body.data).toMatchObject({ id, created: false, ride_status: 'Complete' });

    const detail = await call(rideDetail, { ride_id: id });
    expect(detail.body.data).toMatchObject({
      ride_status: 'Complete',
      // The late events' details do not replace the latest event's.
      amount: 21,
      pickup_address: '1 Harbour Rd',
      created_at: '2026-03-02T09:00:00.000Z',
    });
    expect((await historyOf(database)).map((e) => `${e.event} ${e.at}`)).toEqual([
      'created 09:00',
      'accepted 09:02',
      'started 09:07',
      'completed 09:26',
    ]);
    await expectCountersExact(database);

    // A later cancel is the latest, with its reason.
    const cancelled = await send(
      integrationTrips,
      tripEvent('cancelled', 40, { reason: 'Charged back' }),
    );
    expect(cancelled.body.data.ride_status).toBe('Cancel');
    expect((await call(rideDetail, { ride_id: id })).body.data.cancel_reason).toBe('Charged back');
    await expectCountersExact(database);
  });

  it('answers bad input and unknown people or vehicles with field errors, writing nothing', async () => {
    const { database, send } = await marketplace();
    const invalid = await send(integrationTrips, {
      external_id: 't 1',
      event: 'teleported',
      at: 'yesterday',
      user_external_id: 'u-1',
      pickup_address: '',
      drop_address: '9 Hill St',
      amount: '12.345',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body.status).toBe(false);
    expect(Object.keys(invalid.body.data.errors).sort()).toEqual(
      ['amount', 'at', 'event', 'external_id', 'pickup_address'].sort(),
    );
    expect(invalid.body.data.errors.event).toBe(
      'event must be one of created, accepted, started, ended, completed, cancelled.',
    );

    // A time from before the marketplace or from next week is a wrong clock, not an event.
    const nextWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    for (const at of ['1999-12-31T23:59:00Z', nextWeek]) {
      const wrongClock = await send(integrationTrips, tripEvent('created', 0, { at }));
      expect(wrongClock.statusCode).toBe(400);
      expect(wrongClock.body.data.errors).toEqual({
        at: 'at must be a time from 2000 on and no more than a day ahead of now.',
      });
    }
    expect(await countOf(database, 'rides')).toBe(0);

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ user_external_id: 'u-404' }, { user_external_id: INTEGRATION_MESSAGES.noPassenger }],
      // A driver's id is not a passenger's.
      [{ user_external_id: 'd-1' }, { user_external_id: INTEGRATION_MESSAGES.noPassenger }],
      [{ driver_external_id: 'd-404' }, { driver_external_id: INTEGRATION_MESSAGES.noDriver }],
      [{ vehicle_external_id: 'v-404' }, { vehicle_external_id: INTEGRATION_MESSAGES.noVehicle }],
    ];
    for (const [change, errors] of cases) {
      const refused = await send(integrationTrips, tripEvent('created', 0, change), 'bad-key');
      expect(refused.statusCode).toBe(422);
      expect(refused.body.data.errors).toEqual(errors);
    }
    await database.db.execute(sql`update users set deleted_at = now() where external_id = 'u-1'`);
    const deleted = await send(integrationTrips, tripEvent('created', 0));
    expect(deleted.statusCode).toBe(422);
    expect(deleted.body.data.errors).toEqual({
      user_external_id: INTEGRATION_MESSAGES.personDeleted,
    });
    expect(await countOf(database, 'rides')).toBe(0);
    expect(await countOf(database, 'ride_events')).toBe(0);
    expect(await countOf(database, 'integration_requests')).toBe(0);
  });

  it('records an administrator’s cancellation in the trip’s history, which a late earlier event does not undo', async () => {
    const { database, call, send, admin } = await marketplace();
    const created = await send(integrationTrips, tripEvent('created', 0));
    const id = created.body.data.id;
    const cancel = await call(rideCancel, { ride_id: id, reason: 'Passenger asked by phone' });
    expect(cancel.statusCode).toBe(200);
    const history = await database.rows<{ event: string; admin_id: number; reason: string }>(
      sql`select event, admin_id, reason from ride_events where ride_id = ${id} order by at`,
    );
    expect(history).toEqual([
      { event: 'created', admin_id: null, reason: null },
      { event: 'cancelled', admin_id: admin.id, reason: 'Passenger asked by phone' },
    ]);
    // The webhook event names the trip by the marketplace's id too.
    const [event] = await database.rows<{ type: string; data: Record<string, unknown> }>(
      sql`select type, data from webhook_events`,
    );
    expect(event).toEqual({
      type: 'trip.cancelled',
      data: {
        kind: 'trip',
        id,
        external_id: 't-1',
        reason: 'Passenger asked by phone',
        previous_status: 'Pending',
      },
    });
    // The marketplace's accept happened before the desk's cancel: recorded, the trip stays cancelled.
    const accepted = await send(integrationTrips, tripEvent('accepted', 1));
    expect(accepted.body.data).toMatchObject({ recorded: true, ride_status: 'Cancel' });
    expect((await call(rideDetail, { ride_id: id })).body.data.cancel_reason).toBe(
      'Passenger asked by phone',
    );
    await expectCountersExact(database);
  });
});

describe('POST trips: pick-up and drop-off points', () => {
  const points = {
    pickup_lat: 41.882,
    pickup_lng: -87.6278,
    drop_lat: 41.8917,
    drop_lng: -87.6244,
  };
  const pointsOf = async (call: Awaited<ReturnType<typeof marketplace>>['call'], id: number) => {
    const { pickup_lat, pickup_lng, drop_lat, drop_lng } = (await call(rideDetail, { ride_id: id }))
      .body.data;
    return { pickup_lat, pickup_lng, drop_lat, drop_lng };
  };

  it('keeps the points an event sends beside the addresses, shown in the trip detail', async () => {
    const { call, send } = await marketplace();
    const created = await send(integrationTrips, tripEvent('created', 0, points));
    expect(created.statusCode).toBe(200);
    const id = created.body.data.id;
    expect(await pointsOf(call, id)).toEqual(points);
    const detail = (await call(rideDetail, { ride_id: id })).body.data;
    expect(detail.pickup_address).toBe('1 Harbour Rd');

    // A later event without points keeps them; one with a new drop-off moves it.
    await send(integrationTrips, tripEvent('accepted', 2));
    expect(await pointsOf(call, id)).toEqual(points);
    await send(
      integrationTrips,
      tripEvent('started', 5, { drop_lat: '41.8757', drop_lng: '-87.6162' }),
    );
    expect(await pointsOf(call, id)).toEqual({ ...points, drop_lat: 41.8757, drop_lng: -87.6162 });
  });

  it('leaves a trip sent without points without them; a late earlier event fills them, never overwrites', async () => {
    const { call, send } = await marketplace();
    const id = (await send(integrationTrips, tripEvent('accepted', 2))).body.data.id;
    expect(await pointsOf(call, id)).toEqual({
      pickup_lat: null,
      pickup_lng: null,
      drop_lat: null,
      drop_lng: null,
    });
    await send(integrationTrips, tripEvent('created', 0, points));
    expect(await pointsOf(call, id)).toEqual(points);
    await send(
      integrationTrips,
      tripEvent('created', 1, { pickup_lat: 1, pickup_lng: 2, drop_lat: 3, drop_lng: 4 }),
    );
    expect(await pointsOf(call, id)).toEqual(points);
  });

  it('refuses half a pair or degrees out of range with field errors, writing nothing', async () => {
    const { database, send } = await marketplace();
    const half = await send(
      integrationTrips,
      tripEvent('created', 0, { pickup_lat: 41.88, drop_lng: -87.62 }),
    );
    expect(half.statusCode).toBe(400);
    expect(half.body.data.errors).toEqual({
      pickup_lng: 'pickup_lng is required with pickup_lat: send both or neither.',
      drop_lat: 'drop_lat is required with drop_lng: send both or neither.',
    });
    const wrong = await send(
      integrationTrips,
      tripEvent('created', 0, { ...points, pickup_lat: 91, drop_lng: 'east' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.data.errors).toEqual({
      pickup_lat: 'pickup_lat must be from -90 to 90.',
      drop_lng: 'drop_lng must be a number of degrees.',
    });
    expect(await countOf(database, 'rides')).toBe(0);
  });
});

describe('POST payments', () => {
  const PAYMENT = {
    external_id: 'pay-77',
    trip_external_id: 't-1',
    amount: '18.40',
    payment_method: 'Card',
    at: '2026-03-02T09:27:00Z',
  };

  it('shows the trip’s timeline in the order things happened, with who recorded each and why', async () => {
    const { call, send } = await marketplace();
    // Accepted arrives before created; the desk cancels after both.
    const id = (await send(integrationTrips, tripEvent('accepted', 5))).body.data.id;
    await send(integrationTrips, tripEvent('created', 0));
    expect(
      (await call(rideCancel, { ride_id: id, reason: 'Driver reported a flat tyre' })).statusCode,
    ).toBe(200);

    const timeline = await call(rideTimeline, { ride_id: id });
    expect(timeline.statusCode).toBe(200);
    const { requested_at, events } = timeline.body.data;
    expect(requested_at).toBe('2026-03-02T09:00:00.000Z');
    expect(events.map((e: { event: string }) => e.event)).toEqual([
      'created',
      'accepted',
      'cancelled',
    ]);
    expect(events[0]).toEqual({
      event: 'created',
      at: '2026-03-02T09:00:00.000Z',
      by: { kind: 'integration', name: 'Marketplace' },
      reason: null,
    });
    expect(events[2]).toMatchObject({
      event: 'cancelled',
      by: { kind: 'administrator', name: expect.any(String) },
      reason: 'Driver reported a flat tyre',
    });
    expect((await call(rideTimeline, { ride_id: 999_999 })).statusCode).toBe(404);
  });

  it('records a trip’s payment in Sales once, however often it is sent', async () => {
    const { database, call, send } = await marketplace();
    const trip = await send(integrationTrips, tripEvent('completed', 26));
    const paid = await send(integrationPayments, PAYMENT, 'pay-key');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toEqual({
      status: true,
      message: INTEGRATION_MESSAGES.paymentSaved,
      data: {
        id: expect.any(Number),
        external_id: 'pay-77',
        created: true,
        trip_id: trip.body.data.id,
        transaction_id: 'pay-77',
      },
    });
    const replayed = await send(integrationPayments, PAYMENT, 'pay-key');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(paid.body);
    const together = await Promise.all(
      Array.from({ length: 5 }, () => send(integrationPayments, PAYMENT)),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(together.every((r) => r.body.data.id === paid.body.data.id)).toBe(true);
    expect(together.some((r) => r.body.data.created)).toBe(false);
    // A change of the same payment (a corrected amount) changes the one row.
    await send(integrationPayments, { ...PAYMENT, amount: 19 });

    const sales = await call(transactionList, {});
    expect(sales.body.data.data).toEqual([
      expect.objectContaining({
        transaction_id: 'pay-77',
        ride_id: trip.body.data.id,
        amount: 19,
        payment_method: 'Card',
        created_at: '2026-03-02T09:27:00.000Z',
      }),
    ]);
    expect(await countOf(database, 'transactions')).toBe(1);
  });

  it('refuses an unknown trip, a second payment of a paid trip and bad input, writing nothing', async () => {
    const { database, send } = await marketplace();
    const noTrip = await send(integrationPayments, PAYMENT);
    expect(noTrip.statusCode).toBe(422);
    expect(noTrip.body.data.errors).toEqual({ trip_external_id: INTEGRATION_MESSAGES.noTrip });
    await send(integrationTrips, tripEvent('completed', 26));
    const invalid = await send(integrationPayments, {
      ...PAYMENT,
      amount: -3,
      payment_method: '',
      at: '2026-03-02',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.body.data.errors).sort()).toEqual([
      'amount',
      'at',
      'payment_method',
    ]);
    expect(await countOf(database, 'transactions')).toBe(0);

    await send(integrationPayments, PAYMENT);
    const second = await send(integrationPayments, { ...PAYMENT, external_id: 'pay-78' });
    expect(second.statusCode).toBe(409);
    expect(second.body.data.errors).toEqual({ trip_external_id: INTEGRATION_MESSAGES.tripPaid });
    expect(await countOf(database, 'transactions')).toBe(1);
  });
});
