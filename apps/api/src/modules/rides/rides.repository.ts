import type { Paged, Ride, RideDetail, RideStatus, UserType } from '@cabdesk/contract';
import { isCancellable } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import {
  boundedLimitOf,
  boundedPageOf,
  isPastEnd,
  offsetOf,
  pageOf,
  type PageRequest,
} from '../../lib/paging';
import { contains } from '../../lib/search';
import { arrayLiteral, isoText, money, rowsOf } from '../../lib/sql';
import { notificationFor, notify } from '../notifications';
import { rideColumnOf } from '../users';

/** Which rides a list shows: all, or one account's in its role, optionally searched. */
export type RideFilter = {
  /** The account and its role: a passenger's, a driver's or a company's rides. */
  account?: RideAccount;
  search?: string;
};

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

const hasSearch = (f: RideFilter): f is RideFilter & { search: string } => Boolean(f.search);

/**
 * The list total without a search: the counters the ride trigger keeps
 * (migrations 0002, 0003), for all rides or the account's.
 */
async function countRides(db: Db, account: RideFilter['account']): Promise<number> {
  if (account) return account.rideCount;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(n), 0)::int as n from ride_counts`,
  );
  return row?.n ?? 0;
}

/**
 * The ids of the newest `limit` rides matching a search, newest first: rides
 * whose addresses match, or whose passenger, driver or company matches by
 * name, e-mail or phone (live accounts; pg_trgm indexes on rides.search and
 * users.search).
 *
 * Over all rides, each of the four ways to match yields at most `limit` rides
 * in list order from its own index, so a word found in 5% of a million trips
 * walks the newest few thousand rides instead of sorting 50,000. Within one
 * account, its rides (a few thousand at most) are walked newest first and
 * each is tested. Either way the cost follows the pages asked for, not every
 * match: counting all matches is what bounded totals avoid (lib/paging.ts).
 */
async function searchRideIds(
  db: Db,
  f: RideFilter & { search: string },
  limit: number,
): Promise<number[]> {
  const matchesAddress = contains(sql`r.search`, f.search);
  const people = sql`people as materialized (
      select id, role from users where deleted_at is null and ${contains(sql`search`, f.search)}
    )`;
  const newest = sql`order by r.created_at desc, r.id desc limit ${limit}`;
  const query = f.account
    ? sql`with ${people}
      select r.id from rides r
      where r.${rideColumnOf(f.account.role)} = ${f.account.id}
        and (${matchesAddress}
             or r.user_id in (select id from people where role = 'User')
             or r.driver_id in (select id from people where role = 'Driver')
             or r.company_id in (select id from people where role = 'Company'))
      ${newest}`
    : sql`with ${people}, matches as (
        (select r.id, r.created_at from rides r where ${matchesAddress} ${newest})
        union all
        (select r.id, r.created_at from people p join rides r on r.user_id = p.id
         where p.role = 'User' ${newest})
        union all
        (select r.id, r.created_at from people p join rides r on r.driver_id = p.id
         where p.role = 'Driver' ${newest})
        union all
        (select r.id, r.created_at from people p join rides r on r.company_id = p.id
         where p.role = 'Company' ${newest})
      )
      select id from matches group by id, created_at
      order by created_at desc, id desc limit ${limit}`;
  return (await rowsOf<{ id: number }>(db, query)).map((row) => row.id);
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
};

/** Every column of a ride item; `r` is the ride. People show even when deleted later. */
const select = sql`
  select r.id, r.amount::text as amount, r.pickup_address, r.drop_address,
    ${isoText(sql`r.created_at`)} as created_at, r.ride_status,
    pu.id as u_id, pu.name as u_name, pu.phone as u_phone, pu.email as u_email,
    d.id as d_id, d.name as d_name, d.phone as d_phone, d.email as d_email,
    v.id as v_id, v.license_number as v_license_number,
    st.title as st_title, vt.title as vt_title,
    c.id as c_id, c.name as c_name, c.company_name as c_company_name, c.phone as c_phone`;

const joins = sql`
  join users pu on pu.id = r.user_id
  left join users d on d.id = r.driver_id
  left join vehicles v on v.id = r.vehicle_id
  left join service_types st on st.id = v.service_type_id
  left join vehicle_types vt on vt.id = v.vehicle_type_id
  left join users c on c.id = r.company_id`;

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
});

/** Rides of a page, newest first, with their people; `page` yields (id, created_at). */
const ridesOfPage = (page: SQL) => sql`
    with page as (${page})
    ${select}
    from page p
    join rides r on r.id = p.id
    ${joins}
    order by p.created_at desc, p.id desc`;

/**
 * One page of rides, newest first; page rows are chosen by id first, then
 * joined. A search counts its matches only as far as boundedPageOf needs.
 */
export async function listRides(db: Db, f: RideFilter, request: PageRequest): Promise<Paged<Ride>> {
  if (hasSearch(f)) {
    const found = await searchRideIds(db, f, boundedLimitOf(request));
    const { rows: pageIds, total, exact } = boundedPageOf(found, request);
    const rows = pageIds.length
      ? await rowsOf<RideRow>(
          db,
          ridesOfPage(
            sql`select id, created_at from rides where id = any(${arrayLiteral(pageIds)}::int[])`,
          ),
        )
      : [];
    return pageOf(rows.map(toRide), total, request, exact);
  }
  const total = await countRides(db, f.account);
  if (isPastEnd(request, total)) return pageOf([], total, request);
  const rows = await rowsOf<RideRow>(
    db,
    ridesOfPage(sql`
      select r.id, r.created_at from rides r
      where ${f.account ? sql`r.${rideColumnOf(f.account.role)} = ${f.account.id}` : sql`true`}
      order by r.created_at desc, r.id desc
      limit ${request.per_page} offset ${offsetOf(request)}`),
  );
  return pageOf(rows.map(toRide), total, request);
}

/** One ride by id with what its detail page adds (ride-detail), or null. */
export async function findRide(db: Db | Tx, id: number): Promise<RideDetail | null> {
  const [row] = await rowsOf<RideRow & { cancel_reason: string | null; updated_at: string }>(
    db,
    sql`${select}, r.cancel_reason, ${isoText(sql`r.updated_at`)} as updated_at
        from rides r ${joins} where r.id = ${id}`,
  );
  return row
    ? { ...toRide(row), cancel_reason: row.cancel_reason, updated_at: row.updated_at }
    : null;
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
  await audit(tx, actor, {
    adminId,
    action: 'ride-cancel',
    tableName: 'rides',
    recordId: rideId,
    before: { ride_status: row.ride_status, cancel_reason: row.cancel_reason },
    after: { ride_status: 'Cancel', cancel_reason: reason },
    reason,
  });
  await notify(tx, notificationFor.tripCancelled({ id: rideId, reason }));
  return { kind: 'cancelled', id: rideId, previousStatus: row.ride_status, reason, adminId };
}
