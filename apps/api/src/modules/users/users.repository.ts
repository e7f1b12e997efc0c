import type {
  ActiveStatus,
  Approval,
  DateRange,
  Paged,
  PersonSort,
  Sort,
  UserDetail,
  UserListItem,
  UserType,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hasDates, withinRange } from '../../lib/date-range';
import { orderOf, pageOfList, type PageRequest } from '../../lib/paging';
import { matches } from '../../lib/search';
import { allOf, countOf, isoText, jsonOf, money, rowsOf, startOfTodayUtc } from '../../lib/sql';
import { expiriesOf, type Expiries } from '../documents';

/** Which people a list shows. Only live (not soft-deleted) accounts are listed. */
export type UserFilter = {
  role?: UserType;
  /** The drivers of this company. */
  companyId?: number;
  status?: ActiveStatus;
  approval?: Approval;
  search?: string;
  /** Registered within these days. */
  registered?: DateRange;
};

/** The people a list's wire parameters select: the list calls' query, bulk-action's filter. */
export const userFilterOf = (q: {
  user_type?: UserType;
  company_id?: number;
  status?: ActiveStatus;
  approval?: Approval;
  search?: string;
  from?: string;
  to?: string;
  tz: string;
}): UserFilter => ({
  role: q.user_type,
  companyId: q.company_id,
  status: q.status,
  approval: q.approval,
  search: q.search,
  registered: { from: q.from, to: q.to, tz: q.tz },
});

/** Every filter but the search (users.search). */
const conditionsOf = (f: UserFilter): SQL => {
  const conditions = [sql`u.deleted_at is null`];
  if (f.companyId !== undefined) {
    conditions.push(sql`u.company_id = ${f.companyId}`, sql`u.role = 'Driver'`);
  }
  if (f.role) conditions.push(sql`u.role = ${f.role}`);
  if (f.status) conditions.push(sql`u.status = ${f.status}`);
  if (f.approval) conditions.push(sql`u.approval = ${f.approval}`);
  if (f.registered) conditions.push(...withinRange(sql`u.created_at`, f.registered));
  return allOf(conditions);
};

/** Every condition, the search included: the whole matching set (an export, a bulk filter). */
const matchingOf = (f: UserFilter): SQL =>
  f.search ? sql`${conditionsOf(f)} and ${matches(sql`u.search`, f.search)}` : conditionsOf(f);

/**
 * The list total, or null when it is not worth counting. Without a search it
 * comes from the counters the writes keep exact (docs/decisions/002):
 * user_counts by role, status and approval, and a company's live drivers from
 * user_stats. A company's drivers by status or approval counts the matching
 * rows (one company's index). A search, or a registration date range over a
 * whole role, has no counter: null (the list counts ten pages ahead, and a
 * search reads only its first matches).
 */
async function countUsers(db: Db, f: UserFilter): Promise<number | null> {
  const dated = f.registered !== undefined && hasDates(f.registered);
  if (f.search || (dated && f.companyId === undefined)) return null;
  let query: SQL;
  if (f.companyId !== undefined && !f.status && !f.approval && !dated) {
    query = sql`select coalesce((select total_driver from user_stats where user_id = ${f.companyId}), 0)::int as n`;
  } else if (f.companyId === undefined) {
    const conditions: SQL[] = [];
    if (f.role) conditions.push(sql`role = ${f.role}`);
    if (f.status) conditions.push(sql`status = ${f.status}`);
    if (f.approval) conditions.push(sql`approval = ${f.approval}`);
    query = sql`select coalesce(sum(n), 0)::int as n from user_counts where ${allOf(conditions)}`;
  } else {
    query = sql`select count(*)::int as n from users u where ${conditionsOf(f)}`;
  }
  return countOf(db, query);
}

type UserRow = {
  id: number;
  user_type: UserType;
  name: string;
  email: string;
  phone: string | null;
  profile: string | null;
  gender: UserListItem['gender'];
  dob: string | null;
  created_at: string;
  status: ActiveStatus;
  approval: Approval;
  suspend_status: number;
  company_name: string | null;
  total_vehicle: number;
  total_driver: number;
  ride_count: number;
  rating: string | null;
  rating_count: number;
  c_id: number | null;
  c_company_name: string | null;
  c_email: string | null;
  c_phone: string | null;
};

type UserDetailRow = UserRow & {
  company_doc: string[] | string | null;
  vehicle: UserDetail['vehicle'] | string | null;
  holding_dl: string | null;
  dl_front: string | null;
  revenue: string;
  completed_count: number;
  approval_reason: string | null;
  approval_decided_at: string | null;
  decider_id: number | null;
  decider_name: string | null;
  status_reason: string | null;
  expiries: Expiries | null;
};

/**
 * The last decision's columns of a company, driver or vehicle `r` (the
 * decider's name is looked up once, by key).
 */
export const decisionColumns = (r: SQL) => sql`
  ${r}.approval_reason, ${isoText(sql`${r}.approval_decided_at`)} as approval_decided_at,
  ${r}.approval_decided_by as decider_id,
  (select a.name from admins a where a.id = ${r}.approval_decided_by) as decider_name`;

/** The decision fields of a detail answer from decisionColumns. */
export const decisionOf = (r: {
  approval_reason: string | null;
  approval_decided_at: string | null;
  decider_id: number | null;
  decider_name: string | null;
}) => ({
  approval_reason: r.approval_reason,
  approval_decided_at: r.approval_decided_at,
  approval_decided_by:
    r.decider_id === null ? null : { id: r.decider_id, name: r.decider_name ?? '' },
});

/** user-detail as stored: images are upload paths and documents not yet assembled. */
export type StoredUserDetail = Omit<UserDetail, 'documents'> & { expiries: Expiries | null };

/**
 * Columns of a list item; `u` is the user, `s` its stats, `dr` a driver's
 * rating figures (driver_ratings, kept by each rating's write), `c` a
 * driver's company.
 */
const itemColumns = sql`
  u.id, u.role as user_type, u.name, u.email, u.phone, u.profile, u.gender,
  u.dob::text as dob, ${isoText(sql`u.created_at`)} as created_at, u.status, u.approval,
  u.suspend_status::int as suspend_status, u.company_name,
  coalesce(s.total_vehicle, 0)::int as total_vehicle,
  coalesce(s.total_driver, 0)::int as total_driver,
  coalesce(s.ride_count, 0)::int as ride_count,
  dr.average::text as rating, coalesce(dr.count, 0)::int as rating_count,
  c.id as c_id, c.company_name as c_company_name, c.email as c_email, c.phone as c_phone`;

/** A driver's company is shown even when it was deleted later, like a ride's names. */
const itemJoins = sql`
  left join user_stats s on s.user_id = u.id
  left join driver_ratings dr on dr.driver_id = u.id
  left join users c on c.id = u.company_id and u.role = 'Driver'`;

const toItem = (r: UserRow): UserListItem => ({
  id: r.id,
  user_type: r.user_type,
  name: r.name,
  email: r.email,
  phone: r.phone,
  profile: r.profile,
  gender: r.gender,
  dob: r.dob,
  created_at: r.created_at,
  status: r.status,
  approval: r.approval,
  suspend_status: r.suspend_status,
  company_name: r.company_name,
  total_vehicle: r.user_type === 'Company' ? r.total_vehicle : 0,
  total_driver: r.user_type === 'Company' ? r.total_driver : 0,
  driver_rides_count: r.ride_count,
  rating: r.rating === null ? null : Number(r.rating),
  rating_count: r.rating_count,
  company:
    r.c_id === null
      ? null
      : { id: r.c_id, company_name: r.c_company_name, email: r.c_email ?? '', phone: r.c_phone },
});

/** The lists' order when no sort is asked: newest first. */
const NEWEST: Sort<PersonSort> = { field: 'created_at', descending: true };

/**
 * What each sort orders by: a column of the user `u`, a total of its stats
 * `s` (kept by trigger, indexed by role in user_stats), or a driver's average
 * rating `dr` (`ratings`: its figures are joined, and drivers without one come
 * last both ways). Names sort by lower(): the same order whatever the case
 * and the database's collation.
 */
const SORT_KEYS: Record<PersonSort, { key: SQL; stats: boolean; ratings?: true }> = {
  created_at: { key: sql`u.created_at`, stats: false },
  name: { key: sql`lower(u.name)`, stats: false },
  company_name: { key: sql`lower(u.company_name)`, stats: false },
  dob: { key: sql`u.dob`, stats: false },
  driver_rides_count: { key: sql`s.ride_count`, stats: true },
  total_vehicle: { key: sql`s.total_vehicle`, stats: true },
  total_driver: { key: sql`s.total_driver`, stats: true },
  rating: { key: sql`dr.average`, stats: false, ratings: true },
};

/** The order of a sort: its key's, then the tie's, and with ratings those without one last. */
const orderBy = (sort: Sort<PersonSort>, tie: SQL) => {
  const { key, ratings } = SORT_KEYS[sort.field];
  const order = orderOf(key, sort.descending, tie);
  return ratings ? sql`${key} is null, ${order}` : order;
};

/**
 * One page of people, newest first or by `sort`; page rows are chosen by id
 * first, then joined. Ties follow by id. A sort by a total walks user_stats'
 * index of the role (planned in the order written: decision 005), except for
 * one company's drivers, a few rows sorted as they are found.
 * Images are the stored upload paths: the route signs them into URLs.
 */
export async function listUsers(
  db: Db,
  f: UserFilter,
  request: PageRequest,
  sort: Sort<PersonSort> = NEWEST,
): Promise<Paged<UserListItem>> {
  const { stats, ratings } = SORT_KEYS[sort.field];
  const byStats = stats && f.companyId === undefined && f.role !== undefined;
  const tie = byStats ? sql`s.user_id` : sql`u.id`;
  const order = orderBy(sort, tie);
  const from = byStats
    ? sql`user_stats s join users u on u.id = s.user_id`
    : sql`users u ${stats ? sql`join user_stats s on s.user_id = u.id` : sql``}
        ${ratings ? sql`left join driver_ratings dr on dr.driver_id = u.id` : sql``}`;
  // Walking the stats, their role stands for the user's (a role never changes):
  // asked of both, the planner took them for independent and expected 14 of
  // 2,000 companies to match, so it hashed and sorted all of them rather than
  // walk to the page.
  const where = byStats
    ? sql`s.role = ${f.role} and ${conditionsOf({ ...f, role: undefined })}`
    : conditionsOf(f);
  // A search is one more condition: the planner lists its matches through the
  // trigram index and sorts them, or walks the list's index to the page when
  // they are many (docs/decisions/013).
  const matching = f.search ? sql`${where} and ${matches(sql`u.search`, f.search)}` : where;
  const ids = (limit: number, offset: number) =>
    sql`select u.id from ${from} where ${matching}
        order by ${order} limit ${limit} offset ${offset}`;
  const rows = (page: SQL) => sql`
    with page as (${page})
    select ${itemColumns}
    from page p
    join users u on u.id = p.id
    ${itemJoins}
    order by ${orderBy(sort, sql`u.id`)}`;
  return pageOfList(db, request, await countUsers(db, f), { ids, rows }, toItem);
}

/** The ids of the people the filters keep, by id (bulk-action's `filter`), at most `limit` (null: all). */
export const userIdsOf = (f: UserFilter, limit: number | null) =>
  sql`select u.id from users u where ${matchingOf(f)} order by u.id limit ${limit}`;

/** Every person the filters keep, in list order, as one statement for an export. */
export function exportUsers(f: UserFilter, sort: Sort<PersonSort> = NEWEST) {
  return {
    query: sql`select ${itemColumns} from users u ${itemJoins}
               where ${matchingOf(f)} order by ${orderBy(sort, sql`u.id`)}`,
    toItem,
  };
}

/** The rides column that ties a ride to an account of this role. */
export const rideColumnOf = (role: UserType) =>
  role === 'User' ? sql`user_id` : role === 'Driver' ? sql`driver_id` : sql`company_id`;

/** The vehicle a driver drives, with its catalogue names, as one json object (null when none). */
const driverVehicle = sql`(
  select json_build_object(
    'id', v.id, 'license_number', v.license_number, 'approval', v.approval,
    'service_type_data', json_build_object('id', st.id, 'title', st.title),
    'vehicle_type_data', json_build_object('id', vt.id, 'title', vt.title),
    'brand_name', json_build_object('id', b.id, 'name', b.name),
    'model_name', json_build_object('id', m.id, 'name', m.name))
  from driver_vehicles dv
  join vehicles v on v.id = dv.vehicle_id and v.deleted_at is null
  join service_types st on st.id = v.service_type_id
  join vehicle_types vt on vt.id = v.vehicle_type_id
  join brands b on b.id = v.brand_id
  join models m on m.id = v.model_id
  where dv.driver_id = u.id)`;

/** Completed revenue since midnight UTC of the rides tied to `u` by `column`. */
const revenueTodayBy = (column: SQL) => sql`(
  select coalesce(sum(r.amount), 0)::text from rides r
  where r.${column} = u.id and r.ride_status = 'Complete' and r.created_at >= ${startOfTodayUtc})`;

/** One live account of any role with its documents (stored paths) and figures, or null. */
export async function findUserDetail(db: Db, id: number): Promise<StoredUserDetail | null> {
  // Today's revenue comes from the rides of the account's role: only that branch runs.
  const [row] = await rowsOf<UserDetailRow & { today_revenue: string }>(
    db,
    sql`
    select ${itemColumns},
      array_to_json(u.company_doc) as company_doc, u.holding_dl, u.dl_front,
      coalesce(s.revenue, 0)::text as revenue, coalesce(s.completed_count, 0) as completed_count,
      ${decisionColumns(sql`u`)}, u.status_reason, ${expiriesOf('users', sql`u.id`)} as expiries,
      case u.role
        when 'User' then ${revenueTodayBy(rideColumnOf('User'))}
        when 'Driver' then ${revenueTodayBy(rideColumnOf('Driver'))}
        else ${revenueTodayBy(rideColumnOf('Company'))}
      end as today_revenue,
      case when u.role = 'Driver' then ${driverVehicle} end as vehicle
    from users u
    ${itemJoins}
    where u.id = ${id} and u.deleted_at is null`,
  );
  if (!row) return null;
  const item = toItem(row);
  return {
    ...item,
    // A driver that leaves text[] unparsed gives a JSON array (we ask for one).
    company_doc: row.company_doc === null ? [] : jsonOf(row.company_doc),
    holding_dl: row.holding_dl,
    dl_front: row.dl_front,
    overall_driver: item.total_driver,
    overall_vehicle: item.total_vehicle,
    completed_rides: row.completed_count,
    today_revenue: money(row.today_revenue),
    overall_revenue: money(row.revenue),
    ...decisionOf(row),
    status_reason: row.status_reason,
    expiries: row.expiries,
    vehicle: row.vehicle === null ? null : jsonOf(row.vehicle),
  };
}

/** The role of a live account, or null when it is missing or deleted. */
export async function findUserRole(db: Db, id: number): Promise<UserType | null> {
  const [row] = await rowsOf<{ role: UserType }>(
    db,
    sql`select role from users where id = ${id} and deleted_at is null`,
  );
  return row?.role ?? null;
}
