import {
  INTEGRATION_BASE,
  integrationKeyCreate,
  integrationPositions,
  integrationTrips,
  rideCancel,
  rideRoute,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createDriver, createUser } from '../../../test/builders';
import { bearer, callApi, signedInApp } from '../../../test/helper';

const START = Date.parse('2026-03-02T09:00:00Z');
const iso = (second: number) => new Date(START + second * 1000).toISOString();

/** A marketplace with one passenger and one driver, and a key that sends trips and positions. */
async function marketplace() {
  const built = await signedInApp();
  const made = await built.call(integrationKeyCreate, {
    name: 'Fleet',
    scopes: ['trips:write', 'positions:write'],
  });
  const key: string = made.body.data.key;
  await createUser(built.database, { externalId: 'u-1' });
  const company = await createCompany(built.database, { externalId: 'c-1' });
  await createDriver(built.database, { companyId: company.id, externalId: 'd-1' });
  const trip = async (event: string, second: number) => {
    const answer = await callApi(
      built.app,
      integrationTrips,
      {
        external_id: 't-1',
        event,
        at: iso(second),
        user_external_id: 'u-1',
        driver_external_id: 'd-1',
        pickup_address: '1 Harbour Rd',
        drop_address: '9 Hill St',
      },
      bearer(key),
    );
    expect(answer.statusCode).toBe(200);
    return answer.body.data.id as number;
  };
  const positions = async (fixes: { lat: number; lng: number; second: number }[]) => {
    for (let i = 0; i < fixes.length; i += 1000) {
      const answer = await callApi(
        built.app,
        integrationPositions,
        {
          fixes: fixes.slice(i, i + 1000).map((fix) => ({
            driver_external_id: 'd-1',
            lat: fix.lat,
            lng: fix.lng,
            state: 'on_trip',
            at: iso(fix.second),
          })),
        },
        bearer(key),
      );
      expect(answer.statusCode).toBe(200);
    }
  };
  const routeOf = async (rideId: number) => {
    const answer = await built.call(rideRoute, { ride_id: String(rideId) });
    expect(answer.statusCode).toBe(200);
    return answer.body.data as {
      points: { lat: number; lng: number; at: string }[];
      events: { state: string; at: string }[];
    };
  };
  return { ...built, key, trip, positions, routeOf };
}

/**
 * Thirty minutes at city speed (about 40 m every 4 s), a fix every 4
 * seconds with a few metres of GPS noise: a quarter of an hour on a street
 * grid (two-minute legs east, then north), then round a ring road of 500 m
 * radius, whose curve only a fine enough route keeps.
 */
function cityDrive() {
  const fixes: { lat: number; lng: number; second: number }[] = [];
  const metre = 1 / 111_000;
  let lat = 37.77;
  let lng = -122.42;
  for (let second = 0; second < 30 * 60; second += 4) {
    if (second < 15 * 60) {
      if (Math.floor(second / 120) % 2 === 0) lng += (40 * metre) / 0.79;
      else lat += 40 * metre;
    } else {
      const angle = ((second - 15 * 60) / 4) * (40 / 500);
      lat = 37.78 + 500 * metre * Math.sin(angle);
      lng = -122.41 + ((500 * metre) / 0.79) * Math.cos(angle);
    }
    const noise = (((second * 7919) % 5) - 2) * metre;
    fixes.push({ lat: lat + noise, lng: lng - noise, second });
  }
  return fixes;
}

/** Metres from a point to the nearest segment of a line (flat: a city is small). */
function metresToLine(point: { lat: number; lng: number }, line: { lat: number; lng: number }[]) {
  // Degrees to metres at this latitude.
  const y = (p: { lat: number }) => p.lat * 111_000;
  const x = (p: { lng: number }) => p.lng * 111_000 * Math.cos((37.77 * Math.PI) / 180);
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1]!, line[i]!];
    const [dx, dy] = [x(b) - x(a), y(b) - y(a)];
    const length = dx * dx + dy * dy;
    const t =
      length === 0
        ? 0
        : Math.max(0, Math.min(1, ((x(point) - x(a)) * dx + (y(point) - y(a)) * dy) / length));
    best = Math.min(best, Math.hypot(x(point) - (x(a) + t * dx), y(point) - (y(a) + t * dy)));
  }
  return best;
}

describe("a trip's route", () => {
  it('is drawn by the fixes of its driver on the trip, late ones in their place', async () => {
    const { trip, positions, routeOf } = await marketplace();
    const rideId = await trip('created', 0);
    // Before the driver accepts, their fixes belong to no trip.
    await positions([{ lat: 37.7, lng: -122.4, second: 1 }]);
    await trip('accepted', 10);
    await positions([
      { lat: 37.772, lng: -122.42, second: 30 },
      { lat: 37.771, lng: -122.42, second: 20 },
    ]);
    await positions([{ lat: 37.771, lng: -122.42, second: 20 }]);
    const route = await routeOf(rideId);
    expect(route.points).toEqual([
      { lat: 37.771, lng: -122.42, at: '2026-03-02T09:00:20.000Z' },
      { lat: 37.772, lng: -122.42, at: '2026-03-02T09:00:30.000Z' },
    ]);
    expect(route.events).toEqual([
      { state: 'Pending', at: '2026-03-02T09:00:00.000Z' },
      { state: 'Accept', at: '2026-03-02T09:00:10.000Z' },
    ]);
  });

  it('is kept thinned and compact once the trip ends, drawing the same line', async () => {
    const { trip, positions, routeOf, database } = await marketplace();
    const rideId = await trip('created', 0);
    await trip('accepted', 0);
    await trip('started', 1);
    const drive = cityDrive();
    await positions(drive);
    expect((await routeOf(rideId)).points).toHaveLength(drive.length);

    await trip('completed', 30 * 60);
    const route = await routeOf(rideId);
    // The corners and enough of the curve are kept, the straight runs dropped.
    expect(route.points.length).toBeLessThan(drive.length / 4);
    expect(route.points[0]).toMatchObject({ at: iso(0) });
    expect(route.points.at(-1)).toMatchObject({ at: iso(drive.at(-1)!.second) });
    // Every fix lies within 10 m of the kept line.
    const farthest = Math.max(...drive.map((fix) => metresToLine(fix, route.points)));
    expect(farthest).toBeLessThan(10);
    expect(route.events.map((e) => e.state)).toEqual(['Pending', 'Accept', 'Start', 'Complete']);

    const [stored] = await database.rows<{ bytes: number; in_progress: number }>(
      sql`select pg_column_size(path) + pg_column_size(seconds) as bytes,
            (select count(*)::int from ride_route_points) as in_progress
          from ride_routes where ride_id = ${rideId}`,
    );
    expect(stored!.in_progress).toBe(0);
    expect(stored!.bytes).toBeLessThan(2048);
  });

  it('is kept when the desk cancels the trip, and a missing trip is a 404', async () => {
    const { trip, positions, routeOf, call, database } = await marketplace();
    const rideId = await trip('created', 0);
    await trip('accepted', 5);
    await positions([
      { lat: 37.77, lng: -122.42, second: 8 },
      { lat: 37.771, lng: -122.42, second: 12 },
    ]);
    const cancelled = await call(rideCancel, { ride_id: rideId, reason: 'Passenger no-show' });
    expect(cancelled.statusCode).toBe(200);
    expect((await routeOf(rideId)).points).toHaveLength(2);
    const [kept] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from ride_routes where ride_id = ${rideId}`,
    );
    expect(kept!.n).toBe(1);

    const missing = await call(rideRoute, { ride_id: String(rideId + 1000) });
    expect(missing.statusCode).toBe(404);
  });

  it('is kept when the trip ends through an import, as through the single call', async () => {
    const { trip, positions, routeOf, app, database, key } = await marketplace();
    const rideId = await trip('created', 0);
    await trip('accepted', 5);
    await positions([
      { lat: 37.77, lng: -122.42, second: 8 },
      { lat: 37.771, lng: -122.42, second: 12 },
    ]);
    const made = await app.inject({
      method: 'POST',
      url: `${INTEGRATION_BASE}import`,
      payload:
        JSON.stringify({
          kind: 'trips',
          external_id: 't-1',
          event: 'completed',
          at: iso(60),
          user_external_id: 'u-1',
          driver_external_id: 'd-1',
          pickup_address: '1 Harbour Rd',
          drop_address: '9 Hill St',
        }) + '\n',
      headers: { ...bearer(key), 'content-type': 'application/x-ndjson' },
    });
    expect(made.statusCode).toBe(200);
    expect((await routeOf(rideId)).points).toHaveLength(2);
    const [kept] = await database.rows<{ routes: number; in_progress: number }>(
      sql`select (select count(*)::int from ride_routes) as routes,
            (select count(*)::int from ride_route_points) as in_progress`,
    );
    expect(kept).toEqual({ routes: 1, in_progress: 0 });
  });
});
