import { LIVE_MESSAGES, type integrationPositions, type LiveDriver } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { allOf, isoText, rowsOf } from '../../lib/sql';
import { addRoutePoints } from './routes.repository';

type Fix = z.output<typeof integrationPositions.input>['fixes'][number];

/** What one call of `POST positions` did. */
export interface PositionsRecorded {
  written: number;
  stale: number;
  skipped: { index: number; driver_external_id: string; reason: string }[];
}

/**
 * Keeps each driver's newest fix (issue 46) in one statement for the whole
 * call: a fix older than the one kept, or than another of the same driver in
 * the call, changes nothing. A fix of a driver Cabdesk does not know, or
 * deleted, is skipped and named: one driver must not stop a fleet's feed.
 * Fixes of a driver on a trip also draw that trip's route (routes.repository.ts).
 */
export async function recordPositions(tx: Tx, fixes: Fix[]): Promise<PositionsRecorded> {
  const externalIds = [...new Set(fixes.map((fix) => fix.driver_external_id))];
  const drivers = await rowsOf<{ id: number; external_id: string; deleted: boolean }>(
    tx,
    sql`select id, external_id, deleted_at is not null as deleted from users
        where role = 'Driver' and external_id in (select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb))`,
  );
  const byExternalId = new Map(drivers.map((driver) => [driver.external_id, driver]));

  const skipped: PositionsRecorded['skipped'] = [];
  const newest = new Map<number, Fix>();
  const onTrip: { driver_id: number; lat: number; lng: number; at: string }[] = [];
  fixes.forEach((fix, index) => {
    const driver = byExternalId.get(fix.driver_external_id);
    if (!driver || driver.deleted) {
      const reason = driver ? LIVE_MESSAGES.deletedDriver : LIVE_MESSAGES.unknownDriver;
      skipped.push({ index, driver_external_id: fix.driver_external_id, reason });
      return;
    }
    const kept = newest.get(driver.id);
    if (!kept || Date.parse(fix.at) > Date.parse(kept.at)) newest.set(driver.id, fix);
    if (fix.state === 'on_trip') {
      onTrip.push({ driver_id: driver.id, lat: fix.lat, lng: fix.lng, at: fix.at });
    }
  });
  if (newest.size === 0) return { written: 0, stale: fixes.length - skipped.length, skipped };
  // Every fix of a trip draws its route, the late ones too.
  await addRoutePoints(tx, onTrip);

  const rows = [...newest].map(([driverId, fix]) => ({
    driver_id: driverId,
    lat: fix.lat,
    lng: fix.lng,
    heading: fix.heading ?? null,
    speed: fix.speed ?? null,
    state: fix.state,
    at: fix.at,
  }));
  const written = await rowsOf<{ driver_id: number }>(
    tx,
    // received_at is the clock at the write, not the transaction's start: the
    // live streams' poll looks back a little before its cursor for a write
    // committed late (stream-feed.ts), and the closer to the commit the better.
    sql`insert into driver_positions (driver_id, lat, lng, heading, speed, state, at, received_at)
        select driver_id, lat, lng, heading, speed, state, at, clock_timestamp()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as f(driver_id int, lat float8, lng float8, heading real, speed real, state text, at timestamptz)
        on conflict (driver_id) do update set
          lat = excluded.lat, lng = excluded.lng, heading = excluded.heading,
          speed = excluded.speed, state = excluded.state, at = excluded.at,
          received_at = excluded.received_at
        where driver_positions.at < excluded.at
        returning driver_id`,
  );
  return {
    written: written.length,
    stale: fixes.length - skipped.length - written.length,
    skipped,
  };
}

/** The part of the map on screen, in degrees. */
interface Bbox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** Each live driver's latest position within `bbox`, of `state` when given; deleted drivers never. */
export function liveDriversOf(
  db: Db,
  filter: { bbox?: Bbox | undefined; state?: LiveDriver['state'] | undefined },
): Promise<LiveDriver[]> {
  const conditions = [sql`u.deleted_at is null`];
  const { bbox, state } = filter;
  if (bbox) {
    conditions.push(sql`p.lng between ${bbox.minLng} and ${bbox.maxLng}`);
    conditions.push(sql`p.lat between ${bbox.minLat} and ${bbox.maxLat}`);
  }
  if (state) conditions.push(sql`p.state = ${state}`);
  return rowsOf<LiveDriver>(
    db,
    sql`select u.id, u.name, p.lat, p.lng, p.state, ${isoText(sql`p.at`)} as at
        from driver_positions p join users u on u.id = p.driver_id
        where ${allOf(conditions)}
        order by u.id`,
  );
}
