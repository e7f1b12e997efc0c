import { liveAlerts } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rides } from '../../db/schema';
import { createDriver, createRide, createUser } from '../../../test/builders';
import { createTestDatabase, signedInApp } from '../../../test/helper';
import { runLiveCheck } from './alerts';

/** Overdue: 12 km/h, twice that time, 5 minutes at least. */
const LIMITS = {
  waitingMs: 5 * 60_000,
  silentMs: 3 * 60_000,
  overdue: { metersPerSecond: 12 / 3.6, margin: 2, minMs: 5 * 60_000 },
};
/** Degrees of latitude for a distance along a meridian (the haversine's earth). */
const northOf = (meters: number) => (meters / 6_371_008.8) * (180 / Math.PI);
/** 2,050 m apart: 615 s at 12 km/h, twice that is 20.5 minutes. */
const PICKUP = { lat: 41.882, lng: -87.6278 };
const DROP_2050_M = { lat: PICKUP.lat + northOf(2050), lng: PICKUP.lng };
/** 650 m apart: 6.5 minutes (the property's trip, to be overdue often). */
const DROP_650_M = { lat: PICKUP.lat + northOf(650), lng: PICKUP.lng };
const OVERDUE_650_M_MINUTES = 6.5;
const T0 = Date.parse('2026-03-02T09:00:00Z');
const minute = (m: number) => new Date(T0 + m * 60_000);

/**
 * One passenger's trip with one driver, requested at minute 0 from PICKUP to
 * `drop` (none: no points), and the live check at any minute.
 */
async function oneTrip(
  database: Database,
  drop: { lat: number; lng: number } | null = DROP_2050_M,
) {
  const driver = await createDriver(database, { name: 'Ana Ruiz' });
  const passenger = await createUser(database);
  const ride = await createRide(database, {
    userId: passenger.id,
    driverId: driver.id,
    rideStatus: 'Pending',
    pickupAddress: '1 Harbour Rd',
    createdAt: minute(0),
  });
  if (drop) {
    await database.db
      .update(rides)
      .set({ pickupLat: PICKUP.lat, pickupLng: PICKUP.lng, dropLat: drop.lat, dropLng: drop.lng })
      .where(eq(rides.id, ride.id));
  }
  /** The trip's status; at minute `m` a Start is recorded as its `started` event too. */
  const setStatus = async (status: 'Pending' | 'Accept' | 'Start' | 'Complete', m?: number) => {
    await database.db.update(rides).set({ rideStatus: status }).where(eq(rides.id, ride.id));
    if (status === 'Start' && m !== undefined) {
      await database.db.execute(
        sql`insert into ride_events (ride_id, event, at) values (${ride.id}, 'started', ${minute(m).toISOString()})
            on conflict do nothing`,
      );
    }
  };
  const fixAt = (m: number) =>
    database.db.execute(
      sql`insert into driver_positions (driver_id, lat, lng, state, at)
          values (${driver.id}, 37.77, -122.42, 'on_trip', ${minute(m).toISOString()})
          on conflict (driver_id) do update set at = excluded.at`,
    );
  const check = (m: number) => runLiveCheck(database.db, minute(m), LIMITS);
  const told = async () =>
    (
      await database.rows<{ title: string; message: string; link: string }>(
        sql`select title, message, link from notifications where kind = 'trip_stuck' order by id`,
      )
    ).map((n) => `${n.title}: ${n.message}`);
  const open = () =>
    database.rows<{ kind: string }>(
      sql`select kind from live_alerts where resolved_at is null order by kind`,
    );
  return { ride, driver, setStatus, fixAt, check, told, open };
}

describe('the live check', () => {
  it('tells a trip waiting for a driver once, and resolves it when a driver accepts', async () => {
    const database = await createTestDatabase();
    const { ride, setStatus, check, told, open } = await oneTrip(database);
    expect(await check(4)).toEqual({ opened: 0, resolved: 0 });
    expect(await check(6)).toEqual({ opened: 1, resolved: 0 });
    expect(await check(9)).toEqual({ opened: 0, resolved: 0 });
    expect(await told()).toEqual([
      `Trip waiting for a driver: Trip #${ride.id} from 1 Harbour Rd has waited 6 minutes for a driver.`,
    ]);
    await setStatus('Accept');
    expect(await check(10)).toEqual({ opened: 0, resolved: 1 });
    expect(await open()).toEqual([]);
  });

  it('tells a driver gone quiet on a trip once per silence, again after they were heard', async () => {
    const database = await createTestDatabase();
    const { ride, setStatus, fixAt, check, told, open } = await oneTrip(database);
    await setStatus('Start');
    await fixAt(1);
    expect(await check(3)).toEqual({ opened: 0, resolved: 0 });
    expect(await check(5)).toEqual({ opened: 1, resolved: 0 });
    expect(await check(7)).toEqual({ opened: 0, resolved: 0 });
    await fixAt(8);
    expect(await check(8)).toEqual({ opened: 0, resolved: 1 });
    expect(await check(12)).toEqual({ opened: 1, resolved: 0 });
    expect(await open()).toEqual([{ kind: 'silent' }]);
    expect(await told()).toEqual([
      `No position from a driver on a trip: Ana Ruiz of trip #${ride.id} has sent no position for 4 minutes.`,
      `No position from a driver on a trip: Ana Ruiz of trip #${ride.id} has sent no position for 4 minutes.`,
    ]);
    // The trip ends: nothing is wrong any more.
    await setStatus('Complete');
    expect(await check(13)).toEqual({ opened: 0, resolved: 1 });
  });

  it('tells a trip under way far longer than usual for its distance once, until it ends', async () => {
    const database = await createTestDatabase();
    const { ride, setStatus, check, told, open } = await oneTrip(database);
    await setStatus('Accept');
    await setStatus('Start', 2);
    // Started at minute 2: overdue 20.5 minutes later, at 22.5.
    expect(await check(22)).toEqual({ opened: 0, resolved: 0 });
    expect(await check(23)).toEqual({ opened: 1, resolved: 0 });
    expect(await check(40)).toEqual({ opened: 0, resolved: 0 });
    expect(await open()).toEqual([{ kind: 'overdue' }]);
    expect(await told()).toEqual([
      `Trip taking far longer than usual: Trip #${ride.id} from 1 Harbour Rd has been under way for 21 minutes, far longer than usual for its distance.`,
    ]);
    await setStatus('Complete');
    expect(await check(41)).toEqual({ opened: 0, resolved: 1 });
  });

  it('gives a short hop the least time, and a trip without points no overdue alert', async () => {
    const short = await oneTrip(await createTestDatabase(), {
      lat: PICKUP.lat + northOf(100),
      lng: PICKUP.lng,
    });
    await short.setStatus('Start', 0);
    expect(await short.check(4)).toEqual({ opened: 0, resolved: 0 });
    expect(await short.check(5)).toEqual({ opened: 1, resolved: 0 });
    const unknown = await oneTrip(await createTestDatabase(), null);
    await unknown.setStatus('Start', 0);
    expect(await unknown.check(600)).toEqual({ opened: 0, resolved: 0 });
  });

  it('leaves a trip from before today alone: history, not something wrong now', async () => {
    const database = await createTestDatabase();
    const { check } = await oneTrip(database);
    expect(await check(25 * 60)).toEqual({ opened: 0, resolved: 0 });
  });

  it('tells each episode once, whatever happens between the checks (a property)', async () => {
    // Waits twice as often as the rest, so a trip often stays Started long enough to be overdue.
    const step = fc.oneof(
      {
        arbitrary: fc.record({
          kind: fc.constant('wait' as const),
          minutes: fc.integer({ min: 0, max: 12 }),
        }),
        weight: 2,
      },
      fc.record({ kind: fc.constant('fix' as const) }),
      fc.record({
        kind: fc.constant('status' as const),
        value: fc.constantFrom('Pending', 'Accept', 'Start', 'Complete'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const database = await createTestDatabase();
        const trip = await oneTrip(database, DROP_650_M);
        // The model: the trip's status, its driver's latest fix, and what holds at each check.
        let now = 0;
        let status: string = 'Pending';
        let lastFix: number | null = null;
        let startedAt: number | null = null;
        const holding = { waiting: false, silent: false, overdue: false };
        let episodes = 0;
        for (const s of steps) {
          if (s.kind === 'wait') now += s.minutes;
          if (s.kind === 'fix') {
            lastFix = now;
            await trip.fixAt(now);
          }
          if (s.kind === 'status') {
            status = s.value;
            if (s.value === 'Start') startedAt = now;
            await trip.setStatus(s.value, now);
          }
          await trip.check(now);
          const holds = {
            waiting: status === 'Pending' && now >= 5,
            silent: ['Accept', 'Start'].includes(status) && lastFix !== null && now - lastFix >= 3,
            overdue:
              status === 'Start' && startedAt !== null && now - startedAt >= OVERDUE_650_M_MINUTES,
          };
          for (const kind of ['waiting', 'silent', 'overdue'] as const) {
            if (holds[kind] && !holding[kind]) episodes += 1;
            holding[kind] = holds[kind];
          }
          expect((await trip.open()).map((a) => a.kind)).toEqual(
            (['overdue', 'silent', 'waiting'] as const).filter((kind) => holding[kind]),
          );
        }
        expect(await trip.told()).toHaveLength(episodes);
      }),
      { numRuns: 16 },
    );
  }, 180_000);
});

describe('GET live-alerts', () => {
  it('answers the open alerts with their trip, driver and latest fix', async () => {
    const { database, call } = await signedInApp();
    const { ride, driver, setStatus, fixAt, check } = await oneTrip(database);
    await setStatus('Accept');
    await fixAt(2);
    await check(6);
    const answer = await call(liveAlerts);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toEqual([
      {
        id: expect.any(Number),
        kind: 'silent',
        since: '2026-03-02T09:06:00.000Z',
        ride: {
          id: ride.id,
          ride_status: 'Accept',
          pickup_address: '1 Harbour Rd',
          requested_at: '2026-03-02T09:00:00.000Z',
        },
        driver: { id: driver.id, name: 'Ana Ruiz' },
        last_fix_at: '2026-03-02T09:02:00.000Z',
      },
    ]);
  });
});
