import type {
  ActiveStatus,
  Approval,
  Paged,
  Sort,
  Vehicle,
  VehicleDetail,
  VEHICLE_SORTS,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderOf, pageOfList, type PageRequest } from '../../lib/paging';
import { matches } from '../../lib/search';
import { allOf, countOf, isoText, jsonOf, rowsOf } from '../../lib/sql';
import { expiriesOf, type Expiries } from '../documents';
import { decisionColumns, decisionOf } from '../users';

/** Which vehicles a list shows. Only live (not soft-deleted) vehicles are listed. */
export type VehicleFilter = {
  companyId?: number;
  approval?: Approval;
  serviceTypeId?: number;
  vehicleTypeId?: number;
  search?: string;
};

/** The vehicles a list's wire parameters select: vehicle-list's query, bulk-action's filter. */
export const vehicleFilterOf = (q: {
  company_id?: number;
  approval?: Approval;
  service_type_id?: number;
  vehicle_type_id?: number;
  search?: string;
}): VehicleFilter => ({
  companyId: q.company_id,
  approval: q.approval,
  serviceTypeId: q.service_type_id,
  vehicleTypeId: q.vehicle_type_id,
  search: q.search,
});

export type VehicleSort = Sort<(typeof VEHICLE_SORTS)[number]>;

/** Every filter but the search (vehicles.search, kept by trigger). */
const conditionsOf = (f: VehicleFilter): SQL => {
  const conditions = [sql`v.deleted_at is null`];
  if (f.companyId !== undefined) conditions.push(sql`v.company_id = ${f.companyId}`);
  if (f.approval) conditions.push(sql`v.approval = ${f.approval}`);
  if (f.serviceTypeId !== undefined) conditions.push(sql`v.service_type_id = ${f.serviceTypeId}`);
  if (f.vehicleTypeId !== undefined) conditions.push(sql`v.vehicle_type_id = ${f.vehicleTypeId}`);
  return allOf(conditions);
};

/** Every condition, the search included: the whole matching set (an export, a bulk filter). */
const matchingOf = (f: VehicleFilter): SQL =>
  f.search
    ? sql`${conditionsOf(f)} and ${matches(sql`v.search`, f.search, { plate: true })}`
    : conditionsOf(f);

/**
 * The list total: vehicle_counts (by approval) for the whole marketplace, a
 * company's user_stats.total_vehicle for one company; a type, or an approval
 * filter within one company counts the rows (a fleet is tens of thousands of
 * vehicles at most, and an index narrows each filter). A search has none: null
 * (the list counts ten pages ahead, reading only its first matches).
 */
async function countVehicles(db: Db, f: VehicleFilter): Promise<number | null> {
  const byType = f.serviceTypeId !== undefined || f.vehicleTypeId !== undefined;
  let query: SQL;
  if (f.search) return null;
  if (byType) {
    query = sql`select count(*)::int as n from vehicles v where ${conditionsOf(f)}`;
  } else if (f.companyId === undefined) {
    query = sql`select coalesce(sum(n), 0)::int as n from vehicle_counts
      where ${f.approval ? sql`approval = ${f.approval}` : sql`true`}`;
  } else if (!f.approval) {
    query = sql`select coalesce((select total_vehicle from user_stats where user_id = ${f.companyId}), 0)::int as n`;
  } else {
    query = sql`select count(*)::int as n from vehicles v where ${conditionsOf(f)}`;
  }
  return countOf(db, query);
}

type VehicleRow = {
  id: number;
  license_number: string;
  approval: Approval;
  status: ActiveStatus;
  status_reason: string | null;
  created_at: string;
  st_id: number;
  st_title: string;
  vt_id: number;
  vt_title: string;
  vt_seats: number;
  b_id: number;
  b_name: string;
  m_id: number;
  m_name: string;
  col_id: number;
  col_name: string;
  c_id: number;
  c_company_name: string | null;
  c_name: string;
  c_phone: string | null;
  c_email: string;
  registration_front: string | null;
  registration_back: string | null;
  insurance: string | null;
  vehicle_front: string | null;
  vehicle_back: string | null;
  vehicle_right: string | null;
  vehicle_left: string | null;
};

/**
 * Every column of a vehicle item; `v` is the vehicle. The company shows even if
 * deleted. Four lookups are scalar subqueries, not joins: each row has exactly
 * one of each (foreign keys), and planning the 8-relation join cost about ten
 * times the execution of a page.
 */
const select = sql`
  select v.id, v.license_number, v.approval, v.status, v.status_reason,
    ${isoText(sql`v.created_at`)} as created_at,
    v.service_type_id as st_id, (select title from service_types where id = v.service_type_id) as st_title,
    v.vehicle_type_id as vt_id, vt.title as vt_title, vt.seats::int as vt_seats,
    v.brand_id as b_id, (select name from brands where id = v.brand_id) as b_name,
    v.model_id as m_id, (select name from models where id = v.model_id) as m_name,
    v.color_id as col_id, (select name from colors where id = v.color_id) as col_name,
    c.id as c_id, c.company_name as c_company_name, c.name as c_name, c.phone as c_phone,
    c.email as c_email,
    v.registration_front, v.registration_back, v.insurance,
    v.vehicle_front, v.vehicle_back, v.vehicle_right, v.vehicle_left`;

const joins = sql`
  join vehicle_types vt on vt.id = v.vehicle_type_id
  join users c on c.id = v.company_id`;

const toVehicle = (r: VehicleRow): Vehicle => ({
  id: r.id,
  license_number: r.license_number,
  approval: r.approval,
  status: r.status,
  status_reason: r.status_reason,
  created_at: r.created_at,
  service_type_data: { id: r.st_id, title: r.st_title },
  vehicle_type_data: { id: r.vt_id, title: r.vt_title, seats: r.vt_seats },
  brand_name: { id: r.b_id, name: r.b_name },
  model_name: { id: r.m_id, name: r.m_name },
  color_name: { id: r.col_id, name: r.col_name },
  company_data: {
    id: r.c_id,
    company_name: r.c_company_name,
    name: r.c_name,
    phone: r.c_phone,
    email: r.c_email,
  },
  registration_front: r.registration_front,
  registration_back: r.registration_back,
  insurance: r.insurance,
  vehicle_front: r.vehicle_front,
  vehicle_back: r.vehicle_back,
  vehicle_right: r.vehicle_right,
  vehicle_left: r.vehicle_left,
});

const NEWEST: VehicleSort = { field: 'created_at', descending: true };

/** What each sort orders by; plates sort by lower(), whatever the case and the collation. */
const SORT_KEYS: Record<VehicleSort['field'], SQL> = {
  created_at: sql`v.created_at`,
  license_number: sql`lower(v.license_number)`,
};

/**
 * One page of vehicles, newest first or by `sort` (ties by id); page rows are
 * chosen by id first, then joined. Images are the stored upload paths: the
 * route signs them into URLs.
 */
export async function listVehicles(
  db: Db,
  f: VehicleFilter,
  request: PageRequest,
  sort: VehicleSort = NEWEST,
): Promise<Paged<Vehicle>> {
  const key = SORT_KEYS[sort.field];
  const order = orderOf(key, sort.descending, sql`v.id`);
  // A search is one more condition (docs/decisions/013).
  const ids = (limit: number, offset: number) => sql`
    select v.id from vehicles v where ${matchingOf(f)}
    order by ${order} limit ${limit} offset ${offset}`;
  const rows = (page: SQL) => sql`
    with page as (${page})
    ${select}
    from page p
    join vehicles v on v.id = p.id
    ${joins}
    order by ${order}`;
  return pageOfList(db, request, await countVehicles(db, f), { ids, rows }, toVehicle);
}

/** The ids of the vehicles the filters keep, by id (bulk-action's `filter`), at most `limit` (null: all). */
export const vehicleIdsOf = (f: VehicleFilter, limit: number | null) =>
  sql`select v.id from vehicles v where ${matchingOf(f)} order by v.id limit ${limit}`;

/** Every vehicle the filters keep, in list order, as one statement for an export. */
export function exportVehicles(f: VehicleFilter, sort: VehicleSort = NEWEST) {
  const order = orderOf(SORT_KEYS[sort.field], sort.descending, sql`v.id`);
  return {
    query: sql`${select} from vehicles v ${joins} where ${matchingOf(f)} order by ${order}`,
    toItem: toVehicle,
  };
}

/** vehicle-detail as stored: images are upload paths and documents not yet assembled. */
export type StoredVehicleDetail = Omit<VehicleDetail, 'documents'> & { expiries: Expiries | null };

type DriverRef = VehicleDetail['drivers'][number];

/**
 * One live vehicle (images as stored paths) with its last decision and the
 * live drivers who drive it (driver_vehicles), by name; null when missing or
 * deleted.
 */
export async function findVehicle(db: Db, id: number): Promise<StoredVehicleDetail | null> {
  const [row] = await rowsOf<
    VehicleRow &
      Parameters<typeof decisionOf>[0] & {
        expiries: Expiries | null;
        drivers: DriverRef[] | string;
      }
  >(
    db,
    sql`${select}, ${decisionColumns(sql`v`)}, ${expiriesOf('vehicles', sql`v.id`)} as expiries,
      (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'email', d.email,
                                                  'phone', d.phone)
                                order by lower(d.name), d.id), '[]')
       from driver_vehicles dv join users d on d.id = dv.driver_id and d.deleted_at is null
       where dv.vehicle_id = v.id) as drivers
      from vehicles v ${joins} where v.id = ${id} and v.deleted_at is null`,
  );
  if (!row) return null;
  return {
    ...toVehicle(row),
    ...decisionOf(row),
    expiries: row.expiries,
    drivers: jsonOf(row.drivers),
  };
}
