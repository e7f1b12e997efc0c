import type { Paged, Ride, RideDetail, RideStatus, UserType } from '@cabdesk/contract';
import { isCancellable, RIDE_MESSAGES } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { isPastEnd, offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { containsPattern } from '../../lib/search';
import { isoText, money, rowsOf } from '../../lib/sql';
import { rideColumnOf } from '../users/users.repository';
import { notificationFor, notify } from '../notifications/notify';

/** Which rides a list shows: all, or one account's in its role, optionally searched. */
export type RideFilter = {
  /** The account and its role: a passenger's, a driver's or a company's rides. */
  account?: { id: number; role: UserType };
  search?: string;
};

/**
 * `with people, matches`: the (id, created_at) of rides whose addresses match,
 * or whose passenger, driver or company matches by name, email or phone (live
 * accounts), within one account's rides when the filter has one. Each branch
 * is served by an index (pg_trgm on rides.search and users.search, then the
 * rides_*_created indexes) and yields the sort key itself, so neither the
 * count nor the page fetches every matching ride.
 */
const searchMatches = (f: RideFilter & { search: string }): SQL => {
  const pattern = containsPattern(f.search);
  const account = f.account ? sql` and r.${rideColumnOf(f.account.role)} = ${f.account.id}` : sql``;
  return sql`with people as (
      select id from users where deleted_at is null and search ilike ${pattern} escape '\\'
    ), matches as (
      select r.id, r.created_at from rides r where r.search ilike ${pattern} escape '\\'${account}
      union select r.id, r.created_at from rides r join people p on r.user_id = p.id where true${account}
      union select r.id, r.created_at from rides r join people p on r.driver_id = p.id where true${account}
      union select r.id, r.created_at from rides r join people p on r.company_id = p.id where true${account}
    )`;
};

const hasSearch = (f: RideFilter): f is RideFilter & { search: string } => Boolean(f.search);

/**
 * The list total: ride_counts for all rides, the account's user_stats.ride_count
 * for one account (kept per passenger, driver and company by the same trigger);
 * a search counts its matches.
 */
export async function countRides(db: Db, f: RideFilter): Promise<number> {
  const query = hasSearch(f)
    ? sql`${searchMatches(f)} select count(*)::int as n from matches`
    : f.account
      ? sql`select coalesce((select ride_count from user_stats where user_id = ${f.account.id}), 0)::int as n`
      : sql`select coalesce(sum(n), 0)::int as n from ride_counts`;
  const [row] = await rowsOf<{ n: number }>(db, query);
  return row?.n ?? 0;
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

/** One page of rides, newest first; page rows are chosen by id first, then joined. */
export async function listRides(db: Db, f: RideFilter, request: PageRequest): Promise<Paged<Ride>> {
  const total = await countRides(db, f);
  if (isPastEnd(request, total)) return pageOf([], total, request);
  const window = sql`order by created_at desc, id desc
      limit ${request.per_page} offset ${offsetOf(request)}`;
  const page = hasSearch(f)
    ? sql`${searchMatches(f)}, page as (select id, created_at from matches ${window})`
    : sql`with page as (
        select r.id, r.created_at from rides r
        where ${f.account ? sql`r.${rideColumnOf(f.account.role)} = ${f.account.id}` : sql`true`}
        ${window})`;
  const rows = await rowsOf<RideRow>(
    db,
    sql`
    ${page}
    ${select}
    from page p
    join rides r on r.id = p.id
    ${joins}
    order by p.created_at desc, p.id desc`,
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
 * Cancelled and answers 409), set to Cancel with the reason, and audited. The
 * ride counters and ride_daily follow by trigger (migrations 0002, 0003).
 * Whatever else should happen when a trip is cancelled belongs in the same
 * transaction, after this call.
 */
export async function cancelRide(
  tx: Tx,
  request: FastifyRequest,
  rideId: number,
  reason: string,
): Promise<CancelledRide> {
  const [row] = await rowsOf<{ ride_status: RideStatus; cancel_reason: string | null }>(
    tx,
    sql`select ride_status, cancel_reason from rides where id = ${rideId} for update`,
  );
  if (!row) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
  if (!isCancellable(row.ride_status)) {
    throw new HttpError(409, RIDE_MESSAGES.notCancellable(row.ride_status));
  }
  await tx.execute(
    sql`update rides set ride_status = 'Cancel', cancel_reason = ${reason}, updated_at = now()
        where id = ${rideId}`,
  );
  const adminId = request.session?.adminId ?? null;
  await audit(tx, request, {
    adminId,
    action: 'ride-cancel',
    tableName: 'rides',
    recordId: rideId,
    before: { ride_status: row.ride_status, cancel_reason: row.cancel_reason },
    after: { ride_status: 'Cancel', cancel_reason: reason },
  });
  await notify(tx, notificationFor.tripCancelled({ id: rideId, reason }));
  return { id: rideId, previousStatus: row.ride_status, reason, adminId };
}
