import { liveAlerts } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rides } from '../../db/schema';
import { createDriver, createRide, createUser } from '../../../test/builders';
import { createTestDatabase, signedInApp } from '../../../test/helper';
import { runLiveCheck } from './alerts';

const LIMITS = { waitingMs: 5 * 60_000, silentMs: 3 * 60_000 };
const T0 = Date.parse('2026-03-02T09:00:00Z');
const minute = (m: number) => new Date(T0 + m * 60_000);

/** One passenger's trip with one driver, requested at minute 0, and the live check at any minute. */
async function oneTrip(database: Database) {
  const driver = await createDriver(database, { name: 'Ana Ruiz' });
  const passenger = await createUser(database);
  const ride = await createRide(database, {
    userId: passenger.id,
    driverId: driver.id,
    rideStatus: 'Pending',
    pickupAddress: '1 Harbour Rd',
    createdAt: minute(0),
  });
  const setStatus = (status: 'Pending' | 'Accept' | 'Start' | 'Complete') =>
    database.db.update(rides).set({ rideStatus: status }).where(eq(rides.id, ride.id));
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

  it('leaves a trip from before today alone: history, not something wrong now', async () => {
    const database = await createTestDatabase();
    const { check } = await oneTrip(database);
    expect(await check(25 * 60)).toEqual({ opened: 0, resolved: 0 });
  });

  it('tells each episode once, whatever happens between the checks (a property)', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ kind: fc.constant('fix' as const) }),
      fc.record({
        kind: fc.constant('status' as const),
        value: fc.constantFrom('Pending', 'Accept', 'Start', 'Complete'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const database = await createTestDatabase();
        const trip = await oneTrip(database);
        // The model: the trip's status, its driver's latest fix, and what holds at each check.
        let now = 0;
        let status: string = 'Pending';
        let lastFix: number | null = null;
        const holding = { waiting: false, silent: false };
        let episodes = 0;
        for (const s of steps) {
          if (s.kind === 'wait') now += s.minutes;
          if (s.kind === 'fix') {
            lastFix = now;
            await trip.fixAt(now);
          }
          if (s.kind === 'status') {
            status = s.value;
            await trip.setStatus(s.value);
          }
          await trip.check(now);
          const holds = {
            waiting: status === 'Pending' && now >= 5,
            silent: ['Accept', 'Start'].includes(status) && lastFix !== null && now - lastFix >= 3,
          };
          for (const kind of ['waiting', 'silent'] as const) {
            if (holds[kind] && !holding[kind]) episodes += 1;
            holding[kind] = holds[kind];
          }
          expect((await trip.open()).map((a) => a.kind)).toEqual(
            (['silent', 'waiting'] as const).filter((kind) => holding[kind]),
          );
        }
        expect(await trip.told()).toHaveLength(episodes);
      }),
      { numRuns: 12 },
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
