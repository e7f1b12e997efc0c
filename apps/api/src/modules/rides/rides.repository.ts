import type {
  RideTimeline,
  DateRange,
  Paged,
  Ride,
  RideDetail,
  RideFlag,
  RIDE_SORTS,
  RideStatus,
  Sort,
  UserType,
} from '@cabdesk/contract';
import { isCancellable } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { hasDates, totalsWithin, withinRange } from '../../lib/date-range';
import { notificationFor, notify } from '../../lib/notify';
import { writeEvent } from '../../lib/outbox';
import { type BoundedAsk, orderOf, pageOfList, type PageRequest } from '../../lib/paging';
import {
  contains,
  containsInRow,
  firstMatches,
  GOES_ON,
  phoneDigitsOf,
  walkFirst,
  type WalkSpan,
} from '../../lib/search';
import { allOf, arrayLiteral, countOf, isoText, money, rowsOf } from '../../lib/sql';
import { recordRideEvent } from '../integration';
import { storeRoute } from '../live';
import { rideColumnOf } from '../users';

/** Which rides a list shows: all, or those every given filter keeps, optionally searched. */
export type RideFilter = {
  /**
   * Live accounts whose rides these are, each in its role: a passenger's, a
   * driver's or a company's (user_id, driver_id and company_id of ride-list).
   */
  accounts?: RideAccount[];
  statuses?: RideStatus[];
  /** Created within these days. */
  created?: DateRange;
  serviceTypeId?: number;
  minAmount?: number;
  maxAmount?: number;
  search?: string;
};

export type RideSort = Sort<(typeof RIDE_SORTS)[number]>;

/** A live account whose rides are listed, with its ride count kept by the ride trigger. */
export type RideAccount = { id: number; role: UserType; rideCount: number };

/** A live account of any role and its kept ride count, in one statement; null when missing or deleted. */
export async function findRideAccount(db: Db, id: number): Promise<RideAccount | null> {
  const [row] = await rowsOf<{ role: UserType; ride_count: number }>(
    db,
    sql`select u.role, coalesce(s.ride_count, 0)::int as ride_count
        from users u left join user_stats s on s.user_id = u.id
        where u.id = ${id} and u.deleted_at is null`,
  );
  return row ? { id, role: row.role, rideCount: row.ride_count } : null;
}

/**
 * `column` is one of `statuses`. One status is compared with `=`, so that an
 * index led by the status returns its rows in the order of the next column
 * (`rides_status_amount_idx`: one status by price); with `= any`, PostgreSQL
 * 15 reads such an index unordered, and walked every trip by price instead.
 */
const statusIn = (column: SQL, statuses: readonly RideStatus[]) =>
  statuses.length === 1
    ? sql`${column} = ${statuses[0]}::ride_status`
    : sql`${column} = any(${arrayLiteral(statuses)}::ride_status[])`;

/** The conditions of every filter but the search, on the ride `r`. */
function conditionsOf(f: RideFilter): SQL[] {
  const conditions: SQL[] = [];
  for (const account of f.accounts ?? []) {
    conditions.push(sql`r.${rideColumnOf(account.role)} = ${account.id}`);
  }
  if (f.statuses) conditions.push(statusIn(sql`r.ride_status`, f.statuses));
  if (f.created) conditions.push(...withinRange(sql`r.created_at`, f.created));
  if (f.serviceTypeId !== undefined) {
    // A trip's service type is its vehicle's (a deleted vehicle's trips keep theirs).
    conditions.push(
      sql`r.vehicle_id in (select id from vehicles where service_type_id = ${f.serviceTypeId})`,
    );
  }
  if (f.minAmount !== undefined) {
    conditions.push(sql`r.amount >= ${f.minAmount.toFixed(2)}::numeric`);
  }
  if (f.maxAmount !== undefined) {
    conditions.push(sql`r.amount <= ${f.maxAmount.toFixed(2)}::numeric`);
  }
  return conditions;
}

/**
 * The list total from the counters the ride trigger keeps (migrations 0002,
 * 0003): all rides, one account's (user_stats), rides by status (ride_counts),
 * by status and creation date (ride_daily, see totalsWithin). null for any
 * other filter or a search: the list then counts ten pages ahead.
 */
async function countRides(db: Db, f: RideFilter): Promise<number | null> {
  const accounts = f.accounts ?? [];
  const dated = f.created !== undefined && hasDates(f.created);
  if (f.search || f.serviceTypeId !== undefined) return null;
  if (f.minAmount !== undefined || f.maxAmount !== undefined) return null;
  if (accounts.length > 1 || (accounts.length === 1 && (f.statuses || dated))) return null;
  if (accounts[0]) return accounts[0].rideCount;
  const byStatus = f.statuses ? statusIn(sql`ride_status`, f.statuses) : sql`true`;
  if (dated && f.created) {
    const totals = await totalsWithin(db, f.created, {
      at: sql`created_at`,
      daily: (where) =>
        sql`select sum(n) as n, sum(amount) as amount from ride_daily where ${where} and ${byStatus}`,
      rows: (where) =>
        sql`select count(*) as n, sum(amount) as amount from rides where ${where} and ${byStatus}`,
    });
    return totals.n;
  }
  return countOf(db, sql`select coalesce(sum(n), 0)::int as n from ride_counts where ${byStatus}`);
}

const hasSearch = (f: RideFilter): f is RideFilter & { search: string } => Boolean(f.search);

/** The rides column each sort orders by. */
const SORT_KEYS: Record<RideSort['field'], SQL> = {
  created_at: sql`r.created_at`,
  amount: sql`r.amount`,
};

export const NEWEST: RideSort = { field: 'created_at', descending: true };

/**
 * A search of rides, in list order, for firstMatches (lib/search.ts): rides
 * whose addresses match, or whose passenger, driver or company matches by
 * name, e-mail or phone (live accounts; pg_trgm indexes on rides.search and
 * users.search).
 *
 * `walk` reads the list's first rides in order (its index, newest first by
 * default), each tested by its addresses and by its people's search text,
 * which the ride carries (people_search, kept by triggers: migration 0015),
 * or, for a phone fragment, by the digits of both (rides.digits: migration 0016):
 * a word found in 5% of a million trips fills page 1 and ten pages ahead
 * within about 2,000 rides. `sparse` serves rarer words: the rides whose
 * addresses match, from the trigram index in a materialized CTE, and the
 * matching people (their trigram index), each one's newest rides probed in
 * that person's ride index (LATERAL ... LIMIT: a nested loop whatever the
 * statistics say, where an ordered walk over every ride hoping to meet a rare
 * person took 2 s), then sorted. Either way the cost follows the pages asked
 * for, or the few matches, never every ride.
 */
function searchRideIds(filter: RideFilter & { search: string }, sort: RideSort) {
  // A pasted phone number is searched by its digits, as a phone fragment is.
  const f = { ...filter, search: phoneDigitsOf(filter.search) ?? filter.search };
  const key = SORT_KEYS[sort.field];
  const filters = conditionsOf(f);
  const also = filters.length ? sql` and ${allOf(filters)}` : sql``;
  const people = sql`people as materialized (
      select id, role from users where deleted_at is null and ${contains(sql`search`, f.search)}
    )`;
  const order = orderOf(key, sort.descending, sql`r.id`);
  // A term of digits alone matches only inside a run of digits: tested on those
  // (rides.digits), which the newest-first index carries, it reads no trip.
  const digits = /^[0-9]+$/.test(f.search);
  const [columns, match] = digits
    ? [sql`r.id, r.digits`, containsInRow(sql`w.digits`, f.search)]
    : [
        sql`r.id, r.search, r.people_search`,
        sql`(${containsInRow(sql`w.search`, f.search)} or ${containsInRow(sql`w.people_search`, f.search)})`,
      ];
  const walk = (limit: number, span: WalkSpan) =>
    walkFirst(
      sql`select ${columns} from rides r where ${allOf(filters)} order by ${order}`,
      match,
      limit,
      span,
    );
  const byKey = orderOf(sql`sort_key`, sort.descending, sql`id`);
  // Each way in holds each ride once, so the first `limit` of all are among the
  // first `limit` of each: only those are merged (a surname's 9,600 matches, 450).
  const firstOf = (matches: SQL, limit: number | null) =>
    limit === null ? matches : sql`${matches} order by ${byKey} limit ${limit}`;
  const ridesOf = (role: UserType, limit: number | null) =>
    sql`(${firstOf(
      sql`select x.id, x.sort_key from people p cross join lateral (
            select r.id, ${key} as sort_key from rides r
            where r.${rideColumnOf(role)} = p.id${also} order by ${order} limit ${limit}) x
          where p.role = ${role}`,
      limit,
    )})`;
  const sparse = (limit: number | null) =>
    sql`with ${people}, addressed as materialized (
          select r.id, ${key} as sort_key from rides r
          where ${contains(sql`r.search`, f.search)}${also}
        ), matches as (
          (${firstOf(sql`select id, sort_key from addressed`, limit)})
          union all ${ridesOf('User', limit)}
          union all ${ridesOf('Driver', limit)}
          union all ${ridesOf('Company', limit)}
        )
        select id from matches group by id, sort_key order by ${byKey} limit ${limit}`;
  return { walk, sparse, goesOn: digits ? GOES_ON.digits : GOES_ON.words };
}

type RideRow = {
  id: number;
  amount: string;
  pickup_address: string;
  drop_address: string;
  created_at: string;
  ride_status: RideStatus;
  u_id: number;
  u_name: string;
  u_phone: string | null;
  u_email: string;
  d_id: number | null;
  d_name: string | null;
  d_phone: string | null;
  d_email: string | null;
  v_id: number | null;
  v_license_number: string | null;
  st_title: string | null;
  vt_title: string | null;
  c_id: number | null;
  c_name: string | null;
  c_company_name: string | null;
  c_phone: string | null;
  rst_id: number | null;
  rst_title: string | null;
  v_inactive: boolean | null;
  v_insurance_expired: boolean | null;
};

/**
 * Every column of a ride item; `r` is the ride. People show even when deleted
 * later. The flags of its vehicle (RIDE_FLAGS) as of `today`: its status and
 * its insurance's expiry, joined by document_expiries' primary key, so a page
 * reads one more row per trip it shows, whatever the number of trips.
 */
const selectAsOf = (today: string) => sql`
  select r.id, r.amount::text as amount, r.pickup_address, r.drop_address,
    ${isoText(sql`r.created_at`)} as created_at, r.ride_status,
    pu.id as u_id, pu.name as u_name, pu.phone as u_phone, pu.email as u_email,
    d.id as d_id, d.name as d_name, d.phone as d_phone, d.email as d_email,
    v.id as v_id, v.license_number as v_license_number,
    st.title as st_title, vt.title as vt_title,
    c.id as c_id, c.name as c_name, c.company_name as c_company_name, c.phone as c_phone,
    rst.id as rst_id, rst.title as rst_title,
    v.status = 'Inactive' as v_inactive,
    vi.expires_on <= ${today}::date as v_insurance_expired`;

const joins = sql`
  join users pu on pu.id = r.user_id
  left join users d on d.id = r.driver_id
  left join vehicles v on v.id = r.vehicle_id
  left join service_types st on st.id = v.service_type_id
  left join vehicle_types vt on vt.id = v.vehicle_type_id
  left join users c on c.id = r.company_id
  left join service_types rst on rst.id = r.service_type_id
  left join document_expiries vi on vi.table_name = 'vehicles' and vi.record_id = r.vehicle_id
    and vi.document = 'insurance'`;

/** The RIDE_FLAGS of a ride row's vehicle. */
function flagsOf(r: RideRow): RideFlag[] {
  const flags: RideFlag[] = [];
  if (r.v_inactive) flags.push('vehicle_inactive');
  if (r.v_insurance_expired) flags.push('insurance_expired');
  return flags;
}

const toRide = (r: RideRow): Ride => ({
  id: r.id,
  amount: money(r.amount),
  pickup_address: r.pickup_address,
  drop_address: r.drop_address,
  created_at: r.created_at,
  ride_status: r.ride_status,
  user: { id: r.u_id, name: r.u_name, phone: r.u_phone, email: r.u_email },
  driver:
    r.d_id === null
      ? null
      : {
          id: r.d_id,
          name: r.d_name ?? '',
          phone: r.d_phone,
          email: r.d_email ?? '',
          vehicle:
            r.v_id === null
              ? null
              : {
                  id: r.v_id,
                  license_number: r.v_license_number ?? '',
                  service_type_data: { title: r.st_title ?? '' },
                  vehicle_type_data: { title: r.vt_title ?? '' },
                },
        },
  company:
    r.c_id === null
      ? null
      : {
          id: r.c_id,
          name: r.c_name ?? '',
          company_name: r.c_company_name,
          phone: r.c_phone,
        },
  service_type: r.rst_id === null ? null : { id: r.rst_id, title: r.rst_title ?? '' },
  flags: flagsOf(r),
});

/**
 * One page of rides, newest first or by `sort` (ties by id), of the rides the
 * filters keep; page rows are chosen by id first, then joined. A search or a
 * filter no counter keeps counts its matches only as far as boundedPageOf needs.
 */
export async function listRides(
  db: Db,
  f: RideFilter,
  request: PageRequest,
  sort: RideSort,
  today: string,
): Promise<Paged<Ride>> {
  const order = orderOf(SORT_KEYS[sort.field], sort.descending, sql`r.id`);
  // A search has no kept total (countRides): only its first matches are read.
  const ids = (limit: number, offset: number) =>
    sql`select r.id from rides r where ${allOf(conditionsOf(f))}
        order by ${order} limit ${limit} offset ${offset}`;
  const first = hasSearch(f)
    ? (ask: BoundedAsk) => firstMatches(db, ask, searchRideIds(f, sort))
    : undefined;
  const rows = (page: SQL) => sql`
    with page as (${page})
    ${selectAsOf(today)}
    from page p
    join rides r on r.id = p.id
    ${joins}
    order by ${order}`;
  return pageOfList(db, request, await countRides(db, f), { ids, rows, first }, toRide);
}

/**
 * Every ride the filters keep, in list order, as one statement for an export
 * (Database.batches): without a search the rides are read in order from the
 * sort's index and joined one by one, nothing sorted; a search selects its
 * matching ids first.
 */
export function exportRides(f: RideFilter, sort: RideSort, today: string) {
  const order = orderOf(SORT_KEYS[sort.field], sort.descending, sql`r.id`);
  const where = hasSearch(f)
    ? sql`r.id in (${searchRideIds(f, sort).sparse(null)})`
    : allOf(conditionsOf(f));
  return {
    query: sql`${selectAsOf(today)} from rides r ${joins} where ${where} order by ${order}`,
    toItem: toRide,
  };
}

type RideDetailRow = RideRow & {
  cancel_reason: string | null;
  updated_at: string;
  pickup_lat: number | null;
  pickup_lng: number | null;
  drop_lat: number | null;
  drop_lng: number | null;
  t_id: number | null;
  t_transaction_id: string | null;
  t_amount: string | null;
  t_payment_method: string | null;
  t_created_at: string | null;
};

/** One ride by id with what its detail page adds (ride-detail): its payment too. Or null. */
export async function findRide(db: Db | Tx, id: number, today: string): Promise<RideDetail | null> {
  const [row] = await rowsOf<RideDetailRow>(
    db,
    sql`${selectAsOf(today)}, r.cancel_reason, ${isoText(sql`r.updated_at`)} as updated_at,
          r.pickup_lat, r.pickup_lng, r.drop_lat, r.drop_lng,
          t.id as t_id, t.transaction_id as t_transaction_id, t.amount::text as t_amount,
          t.payment_method as t_payment_method, ${isoText(sql`t.created_at`)} as t_created_at
        from rides r ${joins}
        left join transactions t on t.ride_id = r.id
        where r.id = ${id}`,
  );
  if (!row) return null;
  return {
    ...toRide(row),
    cancel_reason: row.cancel_reason,
    updated_at: row.updated_at,
    pickup_lat: row.pickup_lat,
    pickup_lng: row.pickup_lng,
    drop_lat: row.drop_lat,
    drop_lng: row.drop_lng,
    transaction:
      row.t_id === null
        ? null
        : {
            id: row.t_id,
            transaction_id: row.t_transaction_id ?? '',
            amount: money(row.t_amount),
            payment_method: row.t_payment_method ?? '',
            created_at: row.t_created_at ?? '',
          },
  };
}

/** What cancelRide changed: the trip, the state it left, and why. */
export type CancelledRide = {
  id: number;
  previousStatus: RideStatus;
  reason: string;
  /** The administrator who cancelled it. */
  adminId: number | null;
};

/**
 * An administrator cancels a Pending or Accepted trip: within the caller's
 * transaction the row is locked (a second cancel waits, then finds it
 * Cancelled), set to Cancel with the reason, and audited. The ride counters
 * and ride_daily follow by trigger (migrations 0002, 0003). Whatever else
 * should happen when a trip is cancelled belongs in the same transaction,
 * after this call. Nothing changes when the trip is missing or past the point
 * where it may be cancelled: the answer says which.
 */
export async function cancelRide(
  tx: Tx,
  actor: Actor,
  rideId: number,
  reason: string,
): Promise<
  | ({ kind: 'cancelled' } & CancelledRide)
  | { kind: 'missing' }
  | { kind: 'not-cancellable'; status: RideStatus }
> {
  const [row] = await rowsOf<{ ride_status: RideStatus; cancel_reason: string | null }>(
    tx,
    sql`select ride_status, cancel_reason from rides where id = ${rideId} for update`,
  );
  if (!row) return { kind: 'missing' };
  if (!isCancellable(row.ride_status)) return { kind: 'not-cancellable', status: row.ride_status };
  await tx.execute(
    sql`update rides set ride_status = 'Cancel', cancel_reason = ${reason}, updated_at = now()
        where id = ${rideId}`,
  );
  const adminId = actor.session?.adminId ?? null;
  // The trip's history of state changes (issue 44) holds the desk's cancellation too.
  await recordRideEvent(tx, rideId, 'cancelled', new Date(), { adminId }, reason);
  await storeRoute(tx, rideId);
  await audit(tx, actor, {
    adminId,
    action: 'ride-cancel',
    tableName: 'rides',
    recordId: rideId,
    before: { ride_status: row.ride_status, cancel_reason: row.cancel_reason },
    after: { ride_status: 'Cancel', cancel_reason: reason },
    reason,
  });
  await notify(tx, { ...notificationFor.tripCancelled({ id: rideId, reason }), authorId: adminId });
  await writeEvent(
    tx,
    'trip.cancelled',
    { table: 'rides', id: rideId, kind: 'trip' },
    { reason, previous_status: row.ride_status },
  );
  return { kind: 'cancelled', id: rideId, previousStatus: row.ride_status, reason, adminId };
}

type TimelineRow = {
  event: RideTimeline['events'][number]['event'];
  at: string;
  key_name: string | null;
  admin_name: string | null;
  reason: string | null;
};

/**
 * A trip's state changes in time order (ride_events), each with who recorded
 * it: the integration key's name or the administrator's. Null when there is
 * no such trip.
 */
export async function findRideTimeline(db: Db | Tx, id: number): Promise<RideTimeline | null> {
  const [ride] = await rowsOf<{ requested_at: string }>(
    db,
    sql`select ${isoText(sql`created_at`)} as requested_at from rides where id = ${id}`,
  );
  if (!ride) return null;
  const rows = await rowsOf<TimelineRow>(
    db,
    sql`select e.event, ${isoText(sql`e.at`)} as at, k.name as key_name, a.name as admin_name,
               e.reason
        from ride_events e
        left join integration_keys k on k.id = e.key_id
        left join admins a on a.id = e.admin_id
        where e.ride_id = ${id}
        order by e.at, e.id`,
  );
  return {
    requested_at: ride.requested_at,
    events: rows.map((row) => ({
      event: row.event,
      at: row.at,
      by:
        row.admin_name !== null
          ? { kind: 'administrator', name: row.admin_name }
          : row.key_name !== null
            ? { kind: 'integration', name: row.key_name }
            : null,
      reason: row.reason,
    })),
  };
}
