import { TRIP_EVENT_STATUS, TRIP_EVENTS, type TripEvent } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayLiteral, rowsOf } from '../../lib/sql';
import { storeRoute } from '../live';
import { splitCompletedRides } from '../money';
import type { ImportTally } from './import-summary';
import type { PaymentInput } from './payments.repository';
import type { Person as PersonInput } from './people.repository';
import type { Refusal } from './refusals';
import { POINT_COLUMNS, pointsOf, type EventSource, type TripInput } from './trips.repository';

/*
 * The set-based writes of an import batch: each kind's rows of a batch are
 * written by a few statements over the whole set, with the
 * semantics of the single calls (trips.repository.ts, payments.repository.ts).
 */

/** One checked row of a batch: its line in the file and its fields. */
export type Lined<T> = { line: number; row: T };

/** A row the batch refused, and why (a refusal of its single call). */
export type BatchRefusal = { line: number; refusal: Refusal };

/** A JSON array bound as one parameter, read in SQL by `jsonb_to_recordset` or `jsonb_array_elements_text`. */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * The texts of a JSON array of strings, as an array to compare with
 * `column = any(...)`: an index scan per text, where `in (select ...)` may
 * read the whole table.
 */
const textsOf = (values: Iterable<string>) =>
  sql`any(array(select jsonb_array_elements_text(${json([...new Set(values)])})))`;

/**
 * Serialises with the single calls the writes of these marketplace records:
 * the advisory locks `lockExternalId` takes one at a time, taken in one
 * statement in a fixed order, so two batches cannot wait on each other.
 */
async function lockExternalIds(tx: Tx, records: Iterable<readonly [kind: string, id: string]>) {
  const keys = [...new Set([...records].map(([kind, id]) => `cabdesk:external:${kind}:${id}`))];
  if (keys.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(k))
        from (select k from jsonb_array_elements_text(${json(keys)}) k order by hashtext(k), k) keys`,
  );
}

type Person = { id: number; company_id: number | null; deleted: boolean };

/** Live and deleted people of a role by the marketplace's ids. */
async function peopleByExternalId(tx: Tx, role: 'User' | 'Driver', ids: Iterable<string>) {
  const found = await rowsOf<Person & { external_id: string }>(
    tx,
    sql`select id, external_id, company_id, deleted_at is not null as deleted from users
        where role = ${role} and external_id is not null and external_id = ${textsOf(ids)}`,
  );
  return new Map(found.map((person) => [person.external_id, person]));
}

/** The events in a trip's order: at one time, the later one in this list is the later event. */
const ORDER = new Map(TRIP_EVENTS.map((event, i) => [event, i]));
const EVENT_ORDER = `{${TRIP_EVENTS.join(',')}}`;

/** An event of a trip with the Cabdesk ids it names, its points, and its time in milliseconds. */
type TripEventRow = ReturnType<typeof pointsOf> & {
  event: TripEvent;
  at: number;
  reason: string | null;
  userId: number;
  driverId: number | null;
  vehicleId: number | null;
  companyId: number | null;
  amount: number | null;
  couponDiscount: number | null;
  paymentMethod: string | null;
  pickup: string;
  drop: string;
};

const later = (a: { at: number; event: TripEvent }, b: { at: number; event: TripEvent }) =>
  a.at - b.at || ORDER.get(a.event)! - ORDER.get(b.event)!;

/** The last value a list of events (in time order) names, or null. */
function lastOf<K extends keyof TripEventRow>(events: readonly TripEventRow[], key: K) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const value = events[i]![key];
    if (value !== null) return value;
  }
  return null;
}

/** The first value a list of events (in time order) names, or null. */
const firstOf = <K extends keyof TripEventRow>(events: readonly TripEventRow[], key: K) =>
  lastOf([...events].reverse(), key);

/** What a trip's latest event sets (its status, passenger, addresses), and the people and amount the newer events name. */
function setBy(events: readonly TripEventRow[]) {
  const latest = events.at(-1)!;
  return {
    ride_status: TRIP_EVENT_STATUS[latest.event],
    cancel_reason: latest.event === 'cancelled' ? latest.reason : null,
    user_id: latest.userId,
    pickup_address: latest.pickup,
    drop_address: latest.drop,
    driver_id: lastOf(events, 'driverId'),
    vehicle_id: lastOf(events, 'vehicleId'),
    company_id: lastOf(events, 'companyId'),
    amount: lastOf(events, 'amount'),
    coupon_discount: lastOf(events, 'couponDiscount'),
    payment_method: lastOf(events, 'paymentMethod'),
    ...Object.fromEntries(POINT_COLUMNS.map((column) => [column, lastOf(events, column)])),
  };
}

/**
 * Applies a batch of trip events as `applyTripEvent` applies each, the
 * events of a trip in the batch taken in their time order:
 * - a row naming a passenger, driver or vehicle that is not there (or was
 *   deleted) is refused with the single call's reason;
 * - a trip new to Cabdesk is inserted once, with what its events make of it;
 * - every event is recorded in ride_events once (the same event at the same
 *   time again records nothing and changes nothing);
 * - an existing trip takes the status and details of its latest event when
 *   the batch recorded a later one than it had (the points the newest of them
 *   sent); events earlier than its latest only fill a driver, vehicle,
 *   company or point it lacks;
 * - the trip's date is its `created` event's time, else its earliest event's.
 * The counters and the search text follow by trigger (decisions 002, 011).
 */
export async function writeTrips(
  tx: Tx,
  rows: readonly Lined<TripInput>[],
  source: EventSource,
): Promise<BatchRefusal[]> {
  const refusals: BatchRefusal[] = [];
  const users = await peopleByExternalId(
    tx,
    'User',
    rows.map(({ row }) => row.user_external_id),
  );
  const drivers = await peopleByExternalId(
    tx,
    'Driver',
    rows.flatMap(({ row }) => row.driver_external_id ?? []),
  );
  const vehicleIds = rows.flatMap(({ row }) => row.vehicle_external_id ?? []);
  const vehicles = new Map(
    vehicleIds.length === 0
      ? []
      : (
          await rowsOf<Person & { external_id: string }>(
            tx,
            sql`select id, external_id, company_id, deleted_at is not null as deleted from vehicles
                where external_id is not null and external_id = ${textsOf(vehicleIds)}`,
          )
        ).map((vehicle) => [vehicle.external_id, vehicle]),
  );

  /** Each trip's events, by its external id, in the file's order. */
  const trips = new Map<string, TripEventRow[]>();
  for (const { line, row } of rows) {
    const refuse = (refusal: Refusal) => refusals.push({ line, refusal });
    const user = users.get(row.user_external_id);
    if (!user) {
      refuse({ kind: 'no-passenger' });
      continue;
    }
    if (user.deleted) {
      refuse({ kind: 'person-deleted', field: 'user_external_id' });
      continue;
    }
    const driver =
      row.driver_external_id === undefined ? undefined : drivers.get(row.driver_external_id);
    if (row.driver_external_id !== undefined) {
      if (!driver) {
        refuse({ kind: 'no-driver' });
        continue;
      }
      if (driver.deleted) {
        refuse({ kind: 'person-deleted', field: 'driver_external_id' });
        continue;
      }
    }
    const vehicle =
      row.vehicle_external_id === undefined ? undefined : vehicles.get(row.vehicle_external_id);
    if (row.vehicle_external_id !== undefined) {
      if (!vehicle) {
        refuse({ kind: 'no-vehicle' });
        continue;
      }
      if (vehicle.deleted) {
        refuse({ kind: 'vehicle-deleted' });
        continue;
      }
    }
    const events = trips.get(row.external_id) ?? [];
    trips.set(row.external_id, events);
    events.push({
      event: row.event,
      at: Date.parse(row.at),
      reason: row.event === 'cancelled' ? (row.reason ?? null) : null,
      userId: user.id,
      driverId: driver?.id ?? null,
      vehicleId: vehicle?.id ?? null,
      companyId: driver?.company_id ?? vehicle?.company_id ?? null,
      amount: row.amount ?? null,
      couponDiscount: row.coupon_discount ?? null,
      paymentMethod: row.payment_method ?? null,
      pickup: row.pickup_address,
      drop: row.drop_address,
      ...pointsOf(row),
    });
  }
  if (trips.size === 0) return refusals;

  // In time order, each event once (the same event at the same time again is the same event).
  for (const [externalId, events] of trips) {
    events.sort(later);
    trips.set(
      externalId,
      events.filter((event, i) => i === 0 || later(events[i - 1]!, event) !== 0),
    );
  }

  await lockExternalIds(
    tx,
    [...trips.keys()].map((id) => ['trip', id] as const),
  );
  // The trips locked first, then their latest events read by a statement of its own: a single
  // call changes an existing trip under its row lock only, and a statement that waited for that
  // lock would still read the events as they were before the call.
  const lockedIds = await rowsOf<{ id: number }>(
    tx,
    sql`select id from rides
        where external_id is not null and external_id = ${textsOf(trips.keys())}
        order by id for update`,
  );
  const existing =
    lockedIds.length === 0
      ? []
      : await rowsOf<{
          id: number;
          external_id: string;
          latest_at: number | null;
          latest_event: TripEvent | null;
        }>(
          tx,
          sql`select r.id, r.external_id, (extract(epoch from l.at) * 1000)::float8 as latest_at,
                     l.event as latest_event
              from rides r
              left join lateral (
                select at, event from ride_events e where e.ride_id = r.id
                order by at desc, array_position(${EVENT_ORDER}::text[], event) desc limit 1
              ) l on true
              where r.id = any(${arrayLiteral(lockedIds.map((ride) => ride.id))}::int[])`,
        );
  const ids = new Map(existing.map((ride) => [ride.external_id, ride.id]));

  // New trips: inserted once each, as their events in time order make them.
  const made = [...trips].filter(([externalId]) => !ids.has(externalId));
  if (made.length > 0) {
    const inserted = await rowsOf<{ id: number; external_id: string }>(
      tx,
      sql`insert into rides (user_id, driver_id, company_id, vehicle_id, amount, coupon_discount,
            payment_method, pickup_address,
            drop_address, pickup_lat, pickup_lng, drop_lat, drop_lng, ride_status, cancel_reason,
            external_id, created_at, updated_at)
          select user_id, driver_id, company_id, vehicle_id, coalesce(amount, 0),
            coalesce(coupon_discount, 0), payment_method, pickup_address,
            drop_address, pickup_lat, pickup_lng, drop_lat, drop_lng, ride_status::ride_status,
            cancel_reason, external_id, created_at, now()
          from jsonb_to_recordset(${json(
            made.map(([externalId, events]) => ({
              ...setBy(events),
              external_id: externalId,
              created_at: new Date(
                (events.find((event) => event.event === 'created') ?? events[0]!).at,
              ).toISOString(),
            })),
          )}) as x(user_id int, driver_id int, company_id int, vehicle_id int, amount numeric,
            coupon_discount numeric, payment_method text, pickup_address text, drop_address text, pickup_lat float8, pickup_lng float8,
            drop_lat float8, drop_lng float8, ride_status text, cancel_reason text,
            external_id text, created_at timestamptz)
          returning id, external_id`,
    );
    for (const ride of inserted) ids.set(ride.external_id, ride.id);
  }

  // Every event, recorded once: those already there are not recorded again.
  const keyId = 'keyId' in source ? source.keyId : null;
  const adminId = 'adminId' in source ? source.adminId : null;
  const recorded = await rowsOf<{ ride_id: number; event: TripEvent; at: number }>(
    tx,
    sql`insert into ride_events (ride_id, event, at, key_id, admin_id, reason)
        select ride_id, event, at, ${keyId}::int, ${adminId}::int, reason
        from jsonb_to_recordset(${json(
          [...trips].flatMap(([externalId, events]) =>
            events.map((event) => ({
              ride_id: ids.get(externalId),
              event: event.event,
              at: new Date(event.at).toISOString(),
              reason: event.reason,
            })),
          ),
        )}) as x(ride_id int, event text, at timestamptz, reason text)
        on conflict do nothing
        returning ride_id, event, (extract(epoch from at) * 1000)::float8 as at`,
  );

  // Existing trips with new events: the latest sets the trip, earlier ones fill what it lacks.
  const isNew = new Set(recorded.map((event) => `${event.ride_id} ${event.event} ${event.at}`));
  const changes: Record<string, unknown>[] = [];
  for (const ride of existing) {
    const events = trips
      .get(ride.external_id)!
      .filter((event) => isNew.has(`${ride.id} ${event.event} ${event.at}`));
    if (events.length === 0) continue;
    const latest =
      ride.latest_at === null ? null : { at: ride.latest_at, event: ride.latest_event! };
    const newer = events.filter((event) => latest === null || later(event, latest) > 0);
    const older = events.filter((event) => !newer.includes(event));
    changes.push({
      id: ride.id,
      ...(newer.length > 0 ? setBy(newer) : {}),
      newer: newer.length > 0,
      fill_driver_id: firstOf(older, 'driverId'),
      fill_vehicle_id: firstOf(older, 'vehicleId'),
      fill_company_id: firstOf(older, 'companyId'),
      fill_payment_method: firstOf(older, 'paymentMethod'),
      ...Object.fromEntries(
        POINT_COLUMNS.map((column) => [`fill_${column}`, firstOf(older, column)]),
      ),
    });
  }
  if (changes.length > 0) {
    await updateTrips(tx, changes);
    await storeEndedRoutes(
      tx,
      changes.map((change) => change.id as number),
    );
  }
  // The trips the batch completed are split once, as a single call's (issue 48).
  await splitCompletedRides(tx, [...ids.values()]);
  return refusals;
}

/** Trips among `ids` that ended with fixes drawn keep their route, as a single call's do. */
async function storeEndedRoutes(tx: Tx, ids: number[]) {
  const ended = await rowsOf<{ id: number }>(
    tx,
    sql`select r.id from rides r
        where r.id = any(${arrayLiteral(ids)}::int[]) and r.ride_status in ('Complete', 'Cancel')
          and exists (select 1 from ride_route_points p where p.ride_id = r.id)`,
  );
  for (const { id } of ended) await storeRoute(tx, id);
}

/** Writes what new events change of existing trips (see writeTrips). */
async function updateTrips(tx: Tx, changes: Record<string, unknown>[]) {
  const newer = (column: string, value: SQL) =>
    sql`${sql.identifier(column)} = case when x.newer then ${value} else r.${sql.identifier(column)} end`;
  await tx.execute(
    sql`update rides r set
          ${newer('ride_status', sql`x.ride_status::ride_status`)},
          ${newer('cancel_reason', sql`x.cancel_reason`)},
          ${newer('user_id', sql`x.user_id`)},
          ${newer('pickup_address', sql`x.pickup_address`)},
          ${newer('drop_address', sql`x.drop_address`)},
          driver_id = coalesce(x.driver_id, r.driver_id, x.fill_driver_id),
          vehicle_id = coalesce(x.vehicle_id, r.vehicle_id, x.fill_vehicle_id),
          company_id = coalesce(x.company_id, r.company_id, x.fill_company_id),
          amount = coalesce(x.amount, r.amount),
          coupon_discount = coalesce(x.coupon_discount, r.coupon_discount),
          payment_method = coalesce(x.payment_method, r.payment_method, x.fill_payment_method),
          pickup_lat = coalesce(x.pickup_lat, r.pickup_lat, x.fill_pickup_lat),
          pickup_lng = coalesce(x.pickup_lng, r.pickup_lng, x.fill_pickup_lng),
          drop_lat = coalesce(x.drop_lat, r.drop_lat, x.fill_drop_lat),
          drop_lng = coalesce(x.drop_lng, r.drop_lng, x.fill_drop_lng),
          created_at = coalesce(
            (select min(at) from ride_events e where e.ride_id = r.id and e.event = 'created'),
            (select min(at) from ride_events e where e.ride_id = r.id)),
          updated_at = now()
        from jsonb_to_recordset(${json(changes)}) as x(id int, newer boolean, ride_status text,
          cancel_reason text, user_id int, pickup_address text, drop_address text, driver_id int,
          vehicle_id int, company_id int, amount numeric, coupon_discount numeric,
          payment_method text, fill_payment_method text, fill_driver_id int, fill_vehicle_id int,
          fill_company_id int, pickup_lat float8, pickup_lng float8, drop_lat float8,
          drop_lng float8, fill_pickup_lat float8, fill_pickup_lng float8, fill_drop_lat float8,
          fill_drop_lng float8)
        where r.id = x.id`,
  );
}

/**
 * Rounds of rows in which no row writes what another of its round writes or
 * reads: a record twice in a batch is written by the round after its first,
 * as the single calls would write it twice, one after the other; a row that
 * reads a record (a driver their company) comes after the row that writes
 * it, while rows that only read one record share a round.
 */
function roundsOf<T>(
  rows: readonly Lined<T>[],
  keys: (row: T) => { writes: string[]; reads?: string[] },
) {
  const rounds: { rows: Lined<T>[]; writes: Set<string>; reads: Set<string> }[] = [];
  for (const lined of rows) {
    const { writes, reads = [] } = keys(lined.row);
    const after = (round: (typeof rounds)[number]) =>
      writes.some((key) => round.writes.has(key) || round.reads.has(key)) ||
      reads.some((key) => round.writes.has(key));
    let index = rounds.length;
    while (index > 0 && !after(rounds[index - 1]!)) index -= 1;
    if (index === rounds.length) rounds.push({ rows: [], writes: new Set(), reads: new Set() });
    const round = rounds[index]!;
    round.rows.push(lined);
    for (const key of writes) round.writes.add(key);
    for (const key of reads) round.reads.add(key);
  }
  return rounds.map((round) => round.rows);
}

/**
 * Records or changes a batch of payments as `applyPayment` does each: the
 * trip must be there, one payment per trip (another payment for a paid trip
 * is refused), a transaction id that is a desk payment's is refused; the
 * others are an upsert by external_id that writes nothing when nothing
 * changed. A payment or a trip twice in the batch is written in a later
 * round (roundsOf).
 */
export async function writePayments(
  tx: Tx,
  rows: readonly Lined<PaymentInput>[],
): Promise<BatchRefusal[]> {
  const refusals: BatchRefusal[] = [];
  for (const round of roundsOf(rows, (row) => ({
    writes: [`p ${row.external_id}`, `t ${row.trip_external_id}`],
  }))) {
    const trips = new Map(
      (
        await rowsOf<{ id: number; external_id: string }>(
          tx,
          sql`select id, external_id from rides
              where external_id is not null
                and external_id = ${textsOf(round.map(({ row }) => row.trip_external_id))}
              order by id for update`,
        )
      ).map((trip) => [trip.external_id, trip.id]),
    );
    const known = round.filter(({ line, row }) => {
      if (trips.has(row.trip_external_id)) return true;
      refusals.push({ line, refusal: { kind: 'no-trip' } });
      return false;
    });
    if (known.length === 0) continue;
    await lockExternalIds(
      tx,
      known.map(({ row }) => ['payment', row.external_id] as const),
    );
    const payments = known.map(({ line, row }) => ({
      line,
      external_id: row.external_id,
      ride_id: trips.get(row.trip_external_id)!,
      amount: row.amount,
      payment_method: row.payment_method,
      created_at: new Date(row.at).toISOString(),
    }));
    const clashes = await rowsOf<{ line: number; trip_paid: boolean; id_taken: boolean }>(
      tx,
      sql`select x.line,
            exists (select 1 from transactions t where t.ride_id = x.ride_id
                    and t.external_id is distinct from x.external_id) as trip_paid,
            exists (select 1 from transactions t where t.transaction_id = x.external_id
                    and t.external_id is distinct from x.external_id) as id_taken
          from jsonb_to_recordset(${json(payments)}) as x(line int, ride_id int, external_id text)`,
    );
    const refusedLines = new Set<number>();
    for (const clash of clashes) {
      if (!clash.trip_paid && !clash.id_taken) continue;
      refusedLines.add(clash.line);
      refusals.push({
        line: clash.line,
        refusal: { kind: clash.trip_paid ? 'trip-paid' : 'transaction-id-taken' },
      });
    }
    const written = payments.filter((payment) => !refusedLines.has(payment.line));
    if (written.length === 0) continue;
    await tx.execute(
      sql`insert into transactions (transaction_id, external_id, ride_id, amount, payment_method, created_at)
          select external_id, external_id, ride_id, amount, payment_method, created_at
          from jsonb_to_recordset(${json(written)}) as x(external_id text, ride_id int,
            amount numeric, payment_method text, created_at timestamptz)
          on conflict (external_id) where external_id is not null do update set
            ride_id = excluded.ride_id, amount = excluded.amount,
            payment_method = excluded.payment_method, created_at = excluded.created_at
          where (transactions.ride_id, transactions.amount, transactions.payment_method,
                 transactions.created_at)
            is distinct from (excluded.ride_id, excluded.amount, excluded.payment_method,
                 excluded.created_at)`,
    );
  }
  return refusals;
}

/**
 * Registers or changes a batch of people as `upsertPerson` does each: a
 * driver's company must be there and live; a record deleted at the desk is
 * refused; an e-mail address another live account of the role has is
 * refused; the others are changed (only when something differs, so the
 * same file again writes nothing) or inserted, a driver or company Pending
 * and a passenger Approved, each new one counted in `tally` (the import's
 * one notification tells of them, import-summary.ts). A record or an
 * e-mail address an earlier row of the batch wrote is written in a later
 * round, and a driver in a round after their company's (roundsOf); drivers
 * of one company share a round.
 */
export async function writePeople(
  tx: Tx,
  rows: readonly Lined<PersonInput>[],
  now: Date,
  tally: ImportTally,
): Promise<BatchRefusal[]> {
  const refusals: BatchRefusal[] = [];
  const rounds = roundsOf(rows, (row) => ({
    writes: [`${row.user_type} ${row.external_id}`, `@${row.user_type} ${row.email.toLowerCase()}`],
    reads:
      row.user_type === 'Driver' && row.company_external_id !== undefined
        ? [`Company ${row.company_external_id}`]
        : [],
  }));
  for (const round of rounds) {
    const companyIds = round.flatMap(({ row }) =>
      row.user_type === 'Driver' && row.company_external_id !== undefined
        ? [row.company_external_id]
        : [],
    );
    const companies = new Map(
      companyIds.length === 0
        ? []
        : (
            await rowsOf<{
              id: number;
              external_id: string;
              deleted: boolean;
            }>(
              tx,
              sql`select id, external_id, deleted_at is not null as deleted from users
                  where role = 'Company' and external_id is not null
                    and external_id = ${textsOf(companyIds)}`,
            )
          ).map((company) => [company.external_id, company]),
    );
    const people = round.flatMap(({ line, row }) => {
      const company =
        row.user_type === 'Driver' && row.company_external_id !== undefined
          ? companies.get(row.company_external_id)
          : undefined;
      if (row.user_type === 'Driver' && row.company_external_id !== undefined) {
        if (!company) {
          refusals.push({ line, refusal: { kind: 'no-company' } });
          return [];
        }
        if (company.deleted) {
          refusals.push({ line, refusal: { kind: 'company-deleted' } });
          return [];
        }
      }
      return [
        {
          line,
          role: row.user_type,
          external_id: row.external_id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          gender: row.gender ?? null,
          dob: row.dob ?? null,
          company_name: row.user_type === 'Company' ? (row.company_name ?? null) : null,
          company_id: company?.id ?? null,
          iban: row.iban ?? null,
          bic: row.bic ?? null,
          holder: row.account_holder ?? null,
        },
      ];
    });
    if (people.length === 0) continue;
    await lockExternalIds(
      tx,
      people.map((person) => [person.role, person.external_id] as const),
    );
    // Each row: the record it is (live or deleted), and whether its e-mail address is another's.
    const found = await rowsOf<{
      line: number;
      id: number | null;
      deleted: boolean;
      email_taken: boolean;
    }>(
      tx,
      sql`select x.line, u.id, u.deleted_at is not null as deleted,
            o.external_id is distinct from x.external_id and o.id is not null as email_taken
          from jsonb_to_recordset(${json(people)}) as x(line int, role text, external_id text, email text)
          left join users u on u.role = x.role::role and u.external_id = x.external_id
            and u.external_id is not null
          left join users o on o.role = x.role::role and lower(o.email) = lower(x.email)
            and o.deleted_at is null
          order by x.line`,
    );
    const byLine = new Map(found.map((row) => [row.line, row]));
    const changed: typeof people = [];
    const made: typeof people = [];
    for (const person of people) {
      const record = byLine.get(person.line)!;
      if (record.deleted) refusals.push({ line: person.line, refusal: { kind: 'deleted' } });
      else if (record.email_taken) {
        refusals.push({ line: person.line, refusal: { kind: 'email-taken' } });
      } else (record.id === null ? made : changed).push(person);
    }
    if (changed.length > 0) {
      await tx.execute(
        sql`update users u set name = x.name, email = x.email, phone = x.phone,
              gender = coalesce(x.gender::gender, u.gender), dob = coalesce(x.dob, u.dob),
              company_name = case when u.role = 'Company' then x.company_name else u.company_name end,
              company_id = coalesce(x.company_id, u.company_id), updated_at = ${now.toISOString()}
            from jsonb_to_recordset(${json(changed)}) as x(role text, external_id text, name text,
              email text, phone text, gender text, dob date, company_name text, company_id int)
            where u.role = x.role::role and u.external_id = x.external_id
              and u.external_id is not null
              and (u.name, u.email, u.phone, u.gender, u.dob, u.company_name, u.company_id)
                is distinct from (x.name, x.email, x.phone, coalesce(x.gender::gender, u.gender),
                  coalesce(x.dob, u.dob),
                  case when u.role = 'Company' then x.company_name else u.company_name end,
                  coalesce(x.company_id, u.company_id))`,
      );
    }
    if (made.length > 0) await insertPeople(tx, made, tally);
    await saveBankAccounts(tx, [...changed, ...made]);
  }
  return refusals;
}

type PersonRow = { line: number; role: string; external_id: string; iban: string | null };

/** Inserts new people (a driver or company Pending, a passenger Approved), counted in `tally`. */
async function insertPeople(tx: Tx, made: readonly PersonRow[], tally: ImportTally) {
  const inserted = await rowsOf<{
    id: number;
    external_id: string;
    role: PersonInput['user_type'];
  }>(
    tx,
    sql`insert into users (role, external_id, name, email, phone, gender, dob, company_name,
            company_id, approval)
          select x.role::role, external_id, name, email, phone, gender::gender, dob,
            company_name, company_id,
            (case when x.role = 'User' then 'Approved' else 'Pending' end)::approval
          from jsonb_to_recordset(${json(made)}) as x(line int, role text, external_id text,
            name text, email text, phone text, gender text, dob date, company_name text,
            company_id int)
          order by x.line
          returning id, external_id, role`,
  );
  for (const { role } of inserted) {
    if (role === 'Company') tally.companies += 1;
    else if (role === 'Driver') tally.drivers += 1;
    else tally.passengers += 1;
  }
}

/** The bank accounts the rows sent (checked with their row), as bank-details-save keeps them. */
async function saveBankAccounts(tx: Tx, people: readonly PersonRow[]) {
  const sent = people.filter((person) => person.iban !== null);
  if (sent.length === 0) return;
  await tx.execute(
    sql`insert into bank_details (user_id, iban, bic, holder, admin_id, updated_at)
        select u.id, x.iban, x.bic, x.holder, null, now()
        from jsonb_to_recordset(${json(sent)}) as x(role text, external_id text, iban text,
          bic text, holder text)
        join users u on u.role = x.role::role and u.external_id = x.external_id
          and u.external_id is not null
        on conflict (user_id) do update set iban = excluded.iban, bic = excluded.bic,
          holder = excluded.holder, admin_id = null, updated_at = now()
        where (bank_details.iban, bank_details.bic, bank_details.holder)
          is distinct from (excluded.iban, excluded.bic, excluded.holder)`,
  );
}
