import type { LiveAlert, LiveAlertKind } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationFor, notify } from '../../lib/notify';
import { isoText, jsonOf, rowsOf } from '../../lib/sql';

/** One instance at a time runs the live check (pg_try_advisory_xact_lock). */
const LIVE_CHECK_LOCK = 0x0cabd1e5;

/** A trip older than this is history, not something going wrong now: it opens no alert. */
const NOW_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How long before a trip waiting, a driver on a trip unheard, or a trip under way is an alert. */
export interface LiveLimits {
  waitingMs: number;
  silentMs: number;
  /**
   * A Started trip is overdue past the time its straight-line distance takes
   * at `metersPerSecond` (a slow city speed) times `margin`, and never before
   * `minMs` (a short hop still takes a while).
   */
  overdue: { metersPerSecond: number; margin: number; minMs: number };
}

/** Metres between a trip's pick-up and drop-off points, along the earth's surface (haversine). */
const straightMeters = sql`2 * 6371008.8 * asin(least(1, sqrt(
  power(sin(radians(r.drop_lat - r.pickup_lat) / 2), 2)
  + cos(radians(r.pickup_lat)) * cos(radians(r.drop_lat))
    * power(sin(radians(r.drop_lng - r.pickup_lng) / 2), 2))))`;

/**
 * The trips overdue at `at`: Started (since their latest `started` event)
 * longer than their distance allows, with their points known; `since` is when
 * they started. Trips requested before `windowStart` are history.
 */
const overdueTrips = (at: string, windowStart: string, limits: LiveLimits['overdue']) => sql`
  select r.id as ride_id, s.at as since from rides r
    join lateral (select max(e.at) as at from ride_events e
                  where e.ride_id = r.id and e.event = 'started') s on true
  where r.ride_status = 'Start' and r.pickup_lat is not null and r.drop_lat is not null
    and r.created_at > ${windowStart}::timestamptz
    and s.at + make_interval(secs => greatest(${limits.minMs / 1000}::float8,
          ${straightMeters} / ${limits.metersPerSecond}::float8 * ${limits.margin}::float8))
        <= ${at}::timestamptz`;

/**
 * Whether alert `a`'s trip is still in trouble at the check's time: still
 * Pending (waiting), Accepted or Started with its driver's latest fix older
 * than the limit (silent), or still overdue (overdueTrips).
 */
const stillHolds = (silentSince: string, overdue: SQL) => sql`case a.kind
  when 'waiting' then exists (
    select 1 from rides r where r.id = a.ride_id and r.ride_status = 'Pending')
  when 'overdue' then exists (select 1 from (${overdue}) o where o.ride_id = a.ride_id)
  else exists (
    select 1 from rides r join driver_positions p on p.driver_id = r.driver_id
    where r.id = a.ride_id and r.ride_status in ('Accept', 'Start')
      and p.at <= ${silentSince}::timestamptz)
  end`;

/**
 * The live check (every instance every few seconds, one at a time): resolves
 * the alerts whose trip is no longer in trouble, then opens one for each trip
 * newly in trouble, told once in the bell. An alert still open is not opened
 * again, so an episode is told once; after it is resolved the next one is
 * told again. Answers what it did, or null when another instance was checking.
 */
export async function runLiveCheck(
  db: Db,
  now: Date,
  limits: LiveLimits,
): Promise<{ opened: number; resolved: number } | null> {
  const at = now.toISOString();
  const waitingSince = new Date(now.getTime() - limits.waitingMs).toISOString();
  const silentSince = new Date(now.getTime() - limits.silentMs).toISOString();
  const windowStart = new Date(now.getTime() - NOW_WINDOW_MS).toISOString();
  const overdue = overdueTrips(at, windowStart, limits.overdue);
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LIVE_CHECK_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    const resolved = await rowsOf<{ id: number }>(
      tx,
      sql`update live_alerts a set resolved_at = ${at}
          where a.resolved_at is null and not ${stillHolds(silentSince, overdue)}
          returning a.id`,
    );
    const opened = await rowsOf<{
      kind: LiveAlertKind;
      ride_id: number;
      pickup: string;
      driver: string | null;
      since: string;
    }>(
      tx,
      sql`with found as (
            select 'waiting' as kind, r.id as ride_id, r.created_at as since from rides r
            where r.ride_status = 'Pending'
              and r.created_at <= ${waitingSince}::timestamptz
              and r.created_at > ${windowStart}::timestamptz
            union all
            select 'silent', r.id, p.at from rides r
              join driver_positions p on p.driver_id = r.driver_id
            where r.ride_status in ('Accept', 'Start')
              and p.at <= ${silentSince}::timestamptz and p.at > ${windowStart}::timestamptz
            union all
            select 'overdue', ride_id, since from (${overdue}) o
          ),
          made as (
            insert into live_alerts (kind, ride_id, opened_at)
            select kind, ride_id, ${at} from found
            on conflict do nothing
            returning kind, ride_id
          )
          select m.kind, m.ride_id, r.pickup_address as pickup, d.name as driver,
            ${isoText(sql`f.since`)} as since
          from made m join found f on f.kind = m.kind and f.ride_id = m.ride_id
            join rides r on r.id = m.ride_id left join users d on d.id = r.driver_id
          order by m.ride_id, m.kind`,
    );
    for (const alert of opened) {
      const minutes = Math.max(1, Math.round((now.getTime() - Date.parse(alert.since)) / 60_000));
      await notify(
        tx,
        notificationFor.tripStuck({
          kind: alert.kind,
          rideId: alert.ride_id,
          pickup: alert.pickup,
          driver: alert.driver,
          minutes,
        }),
      );
    }
    return { opened: opened.length, resolved: resolved.length };
  });
}

/** The alerts open now, oldest first, each with its trip, driver and the driver's latest fix. */
export async function openAlerts(db: Db): Promise<LiveAlert[]> {
  const rows = await rowsOf<LiveAlert>(
    db,
    sql`select a.id, a.kind, ${isoText(sql`a.opened_at`)} as since,
          json_build_object('id', r.id, 'ride_status', r.ride_status,
            'pickup_address', r.pickup_address,
            'requested_at', ${isoText(sql`r.created_at`)}) as ride,
          case when d.id is null then null
            else json_build_object('id', d.id, 'name', d.name) end as driver,
          ${isoText(sql`p.at`)} as last_fix_at
        from live_alerts a join rides r on r.id = a.ride_id
          left join users d on d.id = r.driver_id
          left join driver_positions p on p.driver_id = r.driver_id
        where a.resolved_at is null
        order by a.opened_at, a.id`,
  );
  return rows.map((row) => ({
    ...row,
    ride: jsonOf(row.ride),
    driver: row.driver === null ? null : jsonOf(row.driver),
  }));
}
