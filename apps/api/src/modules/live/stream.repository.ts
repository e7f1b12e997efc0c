import {
  LIVE_SEARCH_LIMIT,
  LIVE_TRIPS_LIMIT,
  type LiveTrip,
  type LiveDriverCard,
  type liveRide,
  type liveViewSchema,
  type MapDriver,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { allOf, isoText, jsonOf, rowsOf } from '../../lib/sql';

/** The viewport and filters of a live map stream, parsed. */
export type LiveView = z.output<typeof liveViewSchema>;

/** A driver's latest fix with what the stream's filters test. */
export interface FeedDriver extends MapDriver {
  company_id: number | null;
  service_type_id: number | null;
}

/** A driver's latest fix, their company and their vehicle's service type. */
const feedColumns = sql`u.id, u.name, p.lat, p.lng, p.state, p.heading, ${isoText(sql`p.at`)} as at,
  u.company_id, v.service_type_id`;

const feedFrom = sql`driver_positions p
  join users u on u.id = p.driver_id and u.deleted_at is null
  left join driver_vehicles dv on dv.driver_id = u.id
  left join vehicles v on v.id = dv.vehicle_id and v.deleted_at is null`;

/** Whether a driver is in `view`, as the snapshot's SQL and the feed's test both say. */
export function inView(driver: FeedDriver, view: LiveView): boolean {
  const { bbox, state, company_id, service_type_id } = view;
  if (bbox) {
    const { minLng, minLat, maxLng, maxLat } = bbox;
    if (driver.lng < minLng || driver.lng > maxLng) return false;
    if (driver.lat < minLat || driver.lat > maxLat) return false;
  }
  if (state && !state.includes(driver.state)) return false;
  if (company_id !== undefined && driver.company_id !== company_id) return false;
  if (service_type_id !== undefined && driver.service_type_id !== service_type_id) return false;
  return true;
}

function viewConditions(view: LiveView): SQL[] {
  const conditions: SQL[] = [];
  const { bbox, state, company_id, service_type_id } = view;
  if (bbox) {
    conditions.push(sql`p.lng between ${bbox.minLng} and ${bbox.maxLng}`);
    conditions.push(sql`p.lat between ${bbox.minLat} and ${bbox.maxLat}`);
  }
  if (state) {
    conditions.push(
      sql`p.state in (select jsonb_array_elements_text(${JSON.stringify(state)}::jsonb))`,
    );
  }
  if (company_id !== undefined) conditions.push(sql`u.company_id = ${company_id}`);
  if (service_type_id !== undefined) conditions.push(sql`v.service_type_id = ${service_type_id}`);
  return conditions;
}

/** Every driver in `view`: what a stream sends first. */
export function driversInView(db: Db, view: LiveView): Promise<FeedDriver[]> {
  const conditions = viewConditions(view);
  return rowsOf<FeedDriver>(
    db,
    sql`select ${feedColumns} from ${feedFrom}
        ${conditions.length > 0 ? sql`where ${allOf(conditions)}` : sql``}
        order by u.id`,
  );
}

/** The database's clock, where a feed's cursor starts. */
export async function databaseNow(db: Db): Promise<string> {
  const [row] = await rowsOf<{ now: string }>(
    db,
    sql`select ${isoText(sql`clock_timestamp()`)} as now`,
  );
  return row!.now;
}

/**
 * The drivers whose position was written after `since` (minus `lookBackMs`,
 * for a write that committed after a later one was read), with the newest
 * write's time: the feed's next cursor.
 */
export async function positionsWrittenSince(
  db: Db,
  since: string,
  lookBackMs: number,
): Promise<{ drivers: FeedDriver[]; newest: string | null }> {
  const rows = await rowsOf<FeedDriver & { received_at: string }>(
    db,
    sql`select ${feedColumns}, ${isoText(sql`p.received_at`)} as received_at from ${feedFrom}
        where p.received_at > ${since}::timestamptz - make_interval(secs => ${lookBackMs / 1000})`,
  );
  let newest: string | null = null;
  const drivers = rows.map(({ received_at, ...driver }) => {
    if (newest === null || Date.parse(received_at) > Date.parse(newest)) newest = received_at;
    return driver;
  });
  return { drivers, newest };
}

/** A driver's card: company, vehicle, the trip they are on, and their latest fix; null without a fix. */
export async function driverCardOf(db: Db, driverId: number): Promise<LiveDriverCard | null> {
  const [row] = await rowsOf<LiveDriverCard>(
    db,
    sql`select u.id, u.name, u.phone,
          case when c.id is null then null
            else jsonb_build_object('id', c.id, 'name', coalesce(c.company_name, c.name)) end as company,
          case when v.id is null then null
            else jsonb_build_object('id', v.id, 'license_number', v.license_number,
              'model', b.name || ' ' || m.name, 'color', col.name, 'service_type', st.title) end as vehicle,
          (select jsonb_build_object('id', r.id, 'ride_status', r.ride_status,
              'pickup_address', r.pickup_address, 'drop_address', r.drop_address)
            from rides r where r.driver_id = u.id and r.ride_status in ('Accept', 'Start')
            order by r.created_at desc, r.id desc limit 1) as ride,
          jsonb_build_object('lat', p.lat, 'lng', p.lng, 'state', p.state, 'heading', p.heading,
            'speed', p.speed, 'at', ${isoText(sql`p.at`)}) as fix
        from driver_positions p
        join users u on u.id = p.driver_id and u.deleted_at is null and u.role = 'Driver'
        left join users c on c.id = u.company_id
        left join driver_vehicles dv on dv.driver_id = u.id
        left join vehicles v on v.id = dv.vehicle_id and v.deleted_at is null
        left join brands b on b.id = v.brand_id
        left join models m on m.id = v.model_id
        left join colors col on col.id = v.color_id
        left join service_types st on st.id = v.service_type_id
        where p.driver_id = ${driverId}`,
  );
  if (!row) return null;
  return {
    ...row,
    company: row.company && jsonOf(row.company),
    vehicle: row.vehicle && jsonOf(row.vehicle),
    ride: row.ride && jsonOf(row.ride),
    fix: jsonOf(row.fix),
  };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** Drivers with a position whose name or plate holds `search`, by name. */
export function searchDrivers(
  db: Db,
  search: string,
): Promise<(MapDriver & { license_number: string | null })[]> {
  const pattern = likePattern(search);
  return rowsOf(
    db,
    sql`select u.id, u.name, p.lat, p.lng, p.state, p.heading, ${isoText(sql`p.at`)} as at,
          v.license_number
        from ${feedFrom}
        where lower(u.name) like ${pattern} or lower(v.license_number) like ${pattern}
        order by u.name, u.id
        limit ${LIVE_SEARCH_LIMIT}`,
  );
}

type LiveRide = z.input<(typeof liveRide)['data']>;

/** Where a trip is: its driver's latest fix while it has one, else its pickup, else null. */
export async function rideFocusOf(db: Db, rideId: number): Promise<LiveRide | null> {
  const [row] = await rowsOf<LiveRide>(
    db,
    sql`select r.id, r.ride_status, r.driver_id, r.pickup_address, r.drop_address,
          case when p.driver_id is not null
              then jsonb_build_object('lat', p.lat, 'lng', p.lng, 'of', 'driver')
            when r.pickup_lat is not null
              then jsonb_build_object('lat', r.pickup_lat, 'lng', r.pickup_lng, 'of', 'pickup')
            end as focus
        from rides r left join driver_positions p on p.driver_id = r.driver_id
        where r.id = ${rideId}`,
  );
  return row ? { ...row, focus: row.focus && jsonOf(row.focus) } : null;
}

/** The trips under way (Pending, Accepted, Started) with a pickup point in or a drop-off in `bbox`. */
export async function tripsInView(db: Db, bbox: LiveView['bbox']): Promise<LiveTrip[]> {
  const inBox = (lat: SQL, lng: SQL) =>
    bbox
      ? sql`(${lng} between ${bbox.minLng} and ${bbox.maxLng} and ${lat} between ${bbox.minLat} and ${bbox.maxLat})`
      : sql`true`;
  const rows = await rowsOf<LiveTrip>(
    db,
    sql`select r.id, r.ride_status, r.driver_id, r.pickup_address, r.drop_address,
          jsonb_build_object('lat', r.pickup_lat, 'lng', r.pickup_lng) as pickup,
          case when r.drop_lat is null then null
            else jsonb_build_object('lat', r.drop_lat, 'lng', r.drop_lng) end as drop
        from rides r
        where r.ride_status in ('Pending', 'Accept', 'Start') and r.pickup_lat is not null
          and (${inBox(sql`r.pickup_lat`, sql`r.pickup_lng`)} or ${inBox(sql`r.drop_lat`, sql`r.drop_lng`)})
        order by r.created_at, r.id
        limit ${LIVE_TRIPS_LIMIT}`,
  );
  return rows.map((row) => ({
    ...row,
    pickup: jsonOf(row.pickup),
    drop: row.drop && jsonOf(row.drop),
  }));
}
