import { TRIP_EVENT_STATUS, type RideRoute, type TripEvent } from '@cabdesk/contract';
import type * as PolylineCodec from '@googlemaps/polyline-codec';
import { sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import simplify from 'simplify-js';
import type { Db, Tx } from '../../db/client';
import { isoText, rowsOf } from '../../lib/sql';

// The codec's ESM build is for bundlers; Node loads its UMD build, whose names only a
// require sees (an ESM import of it finds a default export alone).
const { decode, encode } = createRequire(import.meta.url)(
  '@googlemaps/polyline-codec',
) as typeof PolylineCodec;

/**
 * How far (in degrees, about 5 m) a kept route may stray from the fixes it
 * replaces: below what a street map shows, so the thinned line draws the same.
 */
const ROUTE_TOLERANCE_DEGREES = 0.00005;

/** Decimal places the Encoded Polyline keeps: 5 is about a metre. */
const POLYLINE_PRECISION = 5;

interface Point {
  lat: number;
  lng: number;
  at: string;
}

/**
 * Adds fixes of drivers on a trip to their trip's route in progress: the
 * trip the driver has Accepted or Started (their newest such). A fix at a
 * time already held for that trip changes nothing.
 */
export async function addRoutePoints(
  tx: Tx,
  fixes: { driver_id: number; lat: number; lng: number; at: string }[],
) {
  if (fixes.length === 0) return;
  await tx.execute(
    sql`insert into ride_route_points (ride_id, at, lat, lng)
        select r.id, f.at, f.lat, f.lng
        from jsonb_to_recordset(${JSON.stringify(fixes)}::jsonb)
          as f(driver_id int, lat float8, lng float8, at timestamptz)
        join lateral (
          select id from rides
          where driver_id = f.driver_id and ride_status in ('Accept', 'Start')
          order by created_at desc, id desc limit 1
        ) r on true
        on conflict do nothing`,
  );
}

/**
 * Keeps a trip's route once it has ended (Completed or Cancelled): its fixes
 * thinned (Douglas-Peucker) to what draws the same line, as an Encoded
 * Polyline and each point's seconds after the first, in ride_routes; the
 * fixes in progress are then dropped. A trip with no fixes keeps no route.
 */
export async function storeRoute(tx: Tx, rideId: number) {
  const fixes = await rowsOf<Point>(
    tx,
    sql`select lat, lng, ${isoText(sql`at`)} as at from ride_route_points
        where ride_id = ${rideId} order by at`,
  );
  if (fixes.length === 0) return;
  const points = fixes.map((fix) => ({ x: fix.lng, y: fix.lat, at: fix.at }));
  // simplify-js answers a subset of the very objects it was given: their times come along.
  const kept = simplify(points, ROUTE_TOLERANCE_DEGREES, true) as typeof points;
  const startedAt = Date.parse(kept[0]!.at);
  const path = encode(
    kept.map((point) => [point.y, point.x]),
    POLYLINE_PRECISION,
  );
  const seconds = kept.map((point) => Math.round((Date.parse(point.at) - startedAt) / 1000));
  await tx.execute(
    sql`insert into ride_routes (ride_id, started_at, path, seconds)
        values (${rideId}, ${kept[0]!.at}, ${path}, ${`{${seconds.join(',')}}`}::int[])
        on conflict (ride_id) do update
          set started_at = excluded.started_at, path = excluded.path, seconds = excluded.seconds`,
  );
  await tx.execute(sql`delete from ride_route_points where ride_id = ${rideId}`);
}

/**
 * A trip's route and its state changes, oldest first: the kept route of an
 * ended trip, else the fixes so far; null when there is no such trip.
 */
export async function rideRouteOf(db: Db, rideId: number): Promise<RideRoute | null> {
  const [ride] = await rowsOf<{ id: number }>(db, sql`select id from rides where id = ${rideId}`);
  if (!ride) return null;
  const [stored] = await rowsOf<{ started_at: string; path: string; seconds: number[] }>(
    db,
    sql`select ${isoText(sql`started_at`)} as started_at, path, seconds
        from ride_routes where ride_id = ${rideId}`,
  );
  let points: Point[];
  if (stored) {
    const startedAt = Date.parse(stored.started_at);
    points = decode(stored.path, POLYLINE_PRECISION).map(([lat, lng], i) => ({
      lat: lat!,
      lng: lng!,
      at: new Date(startedAt + stored.seconds[i]! * 1000).toISOString(),
    }));
  } else {
    points = await rowsOf<Point>(
      db,
      sql`select lat, lng, ${isoText(sql`at`)} as at from ride_route_points
          where ride_id = ${rideId} order by at`,
    );
  }
  const events = await rowsOf<{ event: TripEvent; at: string }>(
    db,
    sql`select event, ${isoText(sql`at`)} as at from ride_events where ride_id = ${rideId}
        order by at, id`,
  );
  return {
    points,
    events: events.map(({ event, at }) => ({ state: TRIP_EVENT_STATUS[event], at })),
  };
}
