import {
  integrationKeyCreate,
  integrationPositions,
  LIVE_MAP_MESSAGES,
  LIVE_STREAM_EVENTS,
  liveDriver,
  liveRide,
  liveSearch,
  liveStream,
  liveTrips,
  mapStyle,
  rideCancel,
  urlOf,
  type LiveStreamDrivers,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { driverVehicles } from '../../db/schema';
import { createCompany, createDriver, createRide, createVehicle } from '../../../test/builders';
import { bearer, callApi, signedInApp } from '../../../test/helper';
import { listening, openSse, ticketFor, type SseClient } from '../../../test/sse';

type App = Awaited<ReturnType<typeof signedInApp>>['app'];

/** The demo city's middle, and a box around it. */
const IN = { lat: 41.882, lng: -87.628 };
const BBOX = '-87.65,41.86,-87.60,41.90';
const OUT = { lat: 41.95, lng: -87.7 };

/**
 * An Owner's app with two companies' drivers known by external id: Ana
 * (company A, a Standard vehicle) and Ben (company B, a Premium one), and a
 * key that sends positions.
 */
async function fleet() {
  const built = await signedInApp();
  const made = await built.call(integrationKeyCreate, {
    name: 'Fleet',
    scopes: ['positions:write'],
  });
  const key: string = made.body.data.key;
  const a = await createCompany(built.database, { name: 'Alpha Cabs', companyName: 'Alpha Cabs' });
  const b = await createCompany(built.database, { name: 'Beta Cars', companyName: 'Beta Cars' });
  const ana = await createDriver(built.database, {
    companyId: a.id,
    externalId: 'd-1',
    name: 'Ana Ruiz',
    phone: '+15550001',
  });
  const ben = await createDriver(built.database, {
    companyId: b.id,
    externalId: 'd-2',
    name: 'Ben Okafor',
  });
  const standard = await createVehicle(
    built.database,
    { companyId: a.id, licenseNumber: 'IL-4821' },
    { service: 'Standard', brand: 'Toyota', model: 'Prius', color: 'White' },
  );
  const premium = await createVehicle(
    built.database,
    { companyId: b.id, licenseNumber: 'IL-7300' },
    { service: 'Premium' },
  );
  await built.database.db.insert(driverVehicles).values([
    { driverId: ana.id, vehicleId: standard.id },
    { driverId: ben.id, vehicleId: premium.id },
  ]);
  let second = 0;
  /** Sends one fix per driver through the integration API, each a second newer than the last. */
  const send = async (
    fixes: { driver: string; lat: number; lng: number; state?: string }[],
    app: App = built.app,
  ) => {
    const at = new Date(Date.UTC(2026, 2, 2, 9, 0, second++)).toISOString();
    const res = await callApi(
      app,
      integrationPositions,
      {
        fixes: fixes.map((f) => ({
          driver_external_id: f.driver,
          lat: f.lat,
          lng: f.lng,
          state: f.state ?? 'available',
          at,
        })),
      },
      bearer(key),
    );
    expect(res.statusCode).toBe(200);
    return at;
  };
  const ticket = async (app: App = built.app) => (await ticketFor(app, built.token)).ticket;
  return { ...built, send, ticket, ana, ben, a, b, standard, premium };
}

/** A live map stream of `query` on the app at `base`. */
async function stream(base: string, ticket: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ ticket, ...query });
  const client = await openSse(`${base}${urlOf(liveStream)}?${params}`);
  expect(client.status).toBe(200);
  onTestFinished(() => client.close());
  return client;
}

const batches = (client: SseClient) =>
  client.events
    .filter((e) => e.event === LIVE_STREAM_EVENTS.drivers)
    .map((e) => JSON.parse(e.data) as LiveStreamDrivers);

/** The first batch that matches, waited for at most `ms`. */
async function batchWhere(client: SseClient, match: (b: LiveStreamDrivers) => boolean, ms = 4000) {
  const event = await client.next(
    (e) => e.event === LIVE_STREAM_EVENTS.drivers && match(JSON.parse(e.data) as LiveStreamDrivers),
    ms,
  );
  return JSON.parse(event.data) as LiveStreamDrivers;
}

describe('GET map-style', () => {
  it("with no setting is Cabdesk's own demo city, with nothing to fetch from anywhere", async () => {
    const { call } = await signedInApp();
    const light = await call(mapStyle, { scheme: 'light' });
    expect(light.statusCode).toBe(200);
    expect(light.body.message).toBe(LIVE_MAP_MESSAGES.styleFetched);
    expect(light.body.data.style_url).toBeNull();
    const style = light.body.data.style;
    expect(style.version).toBe(8);
    expect(style.sources.city.data.features.length).toBeGreaterThan(20);
    // No glyphs URL and no sprite: labels come from local fonts; no URL at all in it.
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(JSON.stringify(style)).not.toMatch(/https?:|\/\//);

    const dark = await call(mapStyle, { scheme: 'dark' });
    const colourOf = (s: typeof style) =>
      s.layers.find((l: { id: string }) => l.id === 'land').paint['background-color'];
    expect(colourOf(dark.body.data.style)).not.toBe(colourOf(style));
    expect((await call(mapStyle, { scheme: 'sepia' })).statusCode).toBe(400);
  });

  it("with MAP_STYLE_URL (and MAP_STYLE_DARK_URL) answers the operator's style, and the page may fetch from their origins alone", async () => {
    const url = 'https://tiles.example.net/styles/streets.json';
    const { call } = await signedInApp(undefined, { MAP_STYLE_URL: url });
    const answer = await call(mapStyle, {});
    expect(answer.body.data).toEqual({ style_url: url, style: null });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://tiles.example.net");

    const dark = 'https://dark.example.net/styles/night.json';
    const both = await signedInApp(undefined, { MAP_STYLE_URL: url, MAP_STYLE_DARK_URL: dark });
    expect((await both.call(mapStyle, { scheme: 'dark' })).body.data.style_url).toBe(dark);
    const light = await both.call(mapStyle, { scheme: 'light' });
    expect(light.body.data.style_url).toBe(url);
    expect(String(light.headers['content-security-policy'])).toContain(
      "connect-src 'self' https://tiles.example.net https://dark.example.net",
    );

    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cabdesk-unused', MAP_STYLE_DARK_URL: dark }),
    ).toThrow(/MAP_STYLE_DARK_URL: needs MAP_STYLE_URL/);

    const plain = await (await signedInApp()).call(mapStyle, {});
    expect(String(plain.headers['content-security-policy'])).toMatch(/connect-src 'self'(;|$)/);
  });
});

describe('GET live-stream', () => {
  it('needs a ticket: none, unknown or spent is refused', async () => {
    const { app, ticket } = await fleet();
    const none = await app.inject({ url: urlOf(liveStream) });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(LIVE_MAP_MESSAGES.badTicket);
    const unknown = await app.inject({ url: `${urlOf(liveStream)}?ticket=nope` });
    expect(unknown.statusCode).toBe(401);
    const base = await listening(app);
    const once = await ticket();
    (await stream(base, once)).close();
    expect((await app.inject({ url: `${urlOf(liveStream)}?ticket=${once}` })).statusCode).toBe(401);
    const bad = await app.inject({ url: `${urlOf(liveStream)}?ticket=${once}&state=parked` });
    expect(bad.statusCode).toBe(400);
  });

  it('sends the drivers in view first, then each new fix within two seconds, and who left the view', async () => {
    const { app, send, ticket, ana, ben } = await fleet();
    await send([
      { driver: 'd-1', ...IN },
      { driver: 'd-2', ...OUT },
    ]);
    const base = await listening(app);
    const client = await stream(base, await ticket(), { bbox: BBOX });
    const first = await batchWhere(client, (b) => b.snapshot);
    expect(first.drivers).toEqual([
      expect.objectContaining({ id: ana.id, name: 'Ana Ruiz', state: 'available', ...IN }),
    ]);

    // Ben drives into view: he arrives within two seconds of his fix.
    const sentAt = Date.now();
    await send([{ driver: 'd-2', lat: IN.lat + 0.001, lng: IN.lng, state: 'on_trip' }]);
    const moved = await batchWhere(client, (b) => b.drivers.some((d) => d.id === ben.id), 2000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(moved.drivers.find((d) => d.id === ben.id)).toMatchObject({ state: 'on_trip' });

    // Ana leaves it: the stream says so once; her later fixes out of view are not sent.
    await send([{ driver: 'd-1', ...OUT }]);
    await batchWhere(client, (b) => b.removed.includes(ana.id));
    await send([{ driver: 'd-1', lat: OUT.lat + 0.01, lng: OUT.lng }]);
    await send([{ driver: 'd-2', lat: IN.lat + 0.002, lng: IN.lng, state: 'on_trip' }]);
    await batchWhere(client, (b) =>
      b.drivers.some((d) => d.id === ben.id && d.lat === IN.lat + 0.002),
    );
    const mentionsAna = batches(client).filter(
      (b) => b.drivers.some((d) => d.id === ana.id) || b.removed.includes(ana.id),
    );
    expect(mentionsAna).toHaveLength(2); // the snapshot, and her leaving
  });

  it('keeps to its filters: state, company and service type', async () => {
    const { app, send, ticket, ana, ben, b, premium } = await fleet();
    await send([
      { driver: 'd-1', ...IN },
      { driver: 'd-2', ...IN, state: 'on_trip' },
    ]);
    const base = await listening(app);
    const onTrip = await stream(base, await ticket(), { state: 'on_trip,offline' });
    const ofBeta = await stream(base, await ticket(), { company_id: String(b.id) });
    const premiumOnly = await stream(base, await ticket(), {
      service_type_id: String(premium.serviceTypeId),
    });
    for (const client of [onTrip, ofBeta, premiumOnly]) {
      const first = await batchWhere(client, (batch) => batch.snapshot);
      expect(first.drivers.map((d) => d.id)).toEqual([ben.id]);
    }

    // Ana starts a trip: she enters the on-trip view, and no other.
    await send([{ driver: 'd-1', ...IN, state: 'on_trip' }]);
    await batchWhere(onTrip, (batch) => batch.drivers.some((d) => d.id === ana.id));
    // Ben goes offline: still in the on-trip-or-offline view; a later batch proves the others heard.
    await send([{ driver: 'd-2', ...IN, state: 'offline' }]);
    await batchWhere(ofBeta, (batch) => batch.drivers.some((d) => d.state === 'offline'));
    await batchWhere(premiumOnly, (batch) => batch.drivers.some((d) => d.state === 'offline'));
    for (const client of [ofBeta, premiumOnly]) {
      expect(batches(client).flatMap((batch) => batch.drivers.map((d) => d.id))).not.toContain(
        ana.id,
      );
    }
  });

  it('hears fixes written by another instance over the same database', async () => {
    const { app, database, config, send, ticket, ben } = await fleet();
    let own = database;
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const [row] = await database.rows<{ name: string }>(sql`select current_database() as name`);
      const ownUrl = new URL(url);
      ownUrl.pathname = `/${row!.name}`;
      own = await openDatabase({ databaseUrl: ownUrl.toString(), poolSize: 2 });
    }
    const other = await buildApp({ config, database: own });
    onTestFinished(async () => {
      await other.close();
      if (own !== database) await own.close();
    });

    const base = await listening(app);
    const client = await stream(base, await ticket(), { bbox: BBOX });
    await batchWhere(client, (b) => b.snapshot);
    await send([{ driver: 'd-2', ...IN }], other);
    const heard = await batchWhere(client, (b) => b.drivers.some((d) => d.id === ben.id), 2500);
    expect(heard.drivers).toEqual([expect.objectContaining({ id: ben.id, ...IN })]);
  });
});

describe('GET live-driver, live-search and live-ride', () => {
  it("answers a driver's card with company, vehicle, trip and latest fix", async () => {
    const { call, send, ana, ben, a, standard, database } = await fleet();
    const at = await send([{ driver: 'd-1', ...IN, state: 'on_trip' }]);
    const ride = await createRide(database, {
      driverId: ana.id,
      companyId: a.id,
      vehicleId: standard.id,
      rideStatus: 'Start',
      pickupAddress: '1 State St',
      dropAddress: '200 Randolph St',
    });
    const card = await call(liveDriver, { driver_id: ana.id });
    expect(card.statusCode).toBe(200);
    expect(card.body.data).toEqual({
      id: ana.id,
      name: 'Ana Ruiz',
      phone: '+15550001',
      company: { id: a.id, name: 'Alpha Cabs' },
      vehicle: {
        id: standard.id,
        license_number: 'IL-4821',
        model: 'Toyota Prius',
        color: 'White',
        service_type: 'Standard',
      },
      ride: {
        id: ride.id,
        ride_status: 'Start',
        pickup_address: '1 State St',
        drop_address: '200 Randolph St',
      },
      fix: { ...IN, state: 'on_trip', heading: null, speed: null, at },
    });
    // Ben never sent a position.
    const none = await call(liveDriver, { driver_id: ben.id });
    expect(none.statusCode).toBe(404);
    expect(none.body.message).toBe(LIVE_MAP_MESSAGES.driverNotFound);

    expect((await call(liveRide, { ride_id: ride.id })).body.data).toEqual({
      id: ride.id,
      ride_status: 'Start',
      driver_id: ana.id,
      pickup_address: '1 State St',
      drop_address: '200 Randolph St',
      focus: { ...IN, of: 'driver' },
    });
    const unplaced = await createRide(database, { rideStatus: 'Pending' });
    expect((await call(liveRide, { ride_id: unplaced.id })).body.data.focus).toBeNull();
    // A trip waiting for a driver, sent with its points: the map flies to its pickup.
    const waiting = await createRide(database, {
      rideStatus: 'Pending',
      pickupLat: IN.lat,
      pickupLng: IN.lng,
      dropLat: OUT.lat,
      dropLng: OUT.lng,
    });
    expect((await call(liveRide, { ride_id: waiting.id })).body.data).toMatchObject({
      driver_id: null,
      focus: { ...IN, of: 'pickup' },
    });
    expect((await call(liveRide, { ride_id: 999_999 })).statusCode).toBe(404);
  });

  it('lists the trips under way with a pickup or drop-off in view, with their points', async () => {
    const { call, database, ana } = await fleet();
    const waiting = await createRide(database, {
      rideStatus: 'Pending',
      pickupLat: IN.lat,
      pickupLng: IN.lng,
      pickupAddress: '1 State St',
      dropAddress: 'Far away',
    });
    const going = await createRide(database, {
      rideStatus: 'Start',
      driverId: ana.id,
      pickupLat: OUT.lat,
      pickupLng: OUT.lng,
      dropLat: IN.lat,
      dropLng: IN.lng,
    });
    // Ended, without points, or wholly out of view: not on the map.
    await createRide(database, { rideStatus: 'Complete', pickupLat: IN.lat, pickupLng: IN.lng });
    await createRide(database, { rideStatus: 'Pending' });
    await createRide(database, { rideStatus: 'Accept', pickupLat: OUT.lat, pickupLng: OUT.lng });
    const trips = await call(liveTrips, { bbox: BBOX });
    expect(trips.statusCode).toBe(200);
    expect(trips.body.data).toEqual([
      {
        id: waiting.id,
        ride_status: 'Pending',
        driver_id: null,
        pickup_address: '1 State St',
        drop_address: 'Far away',
        pickup: IN,
        drop: null,
      },
      expect.objectContaining({ id: going.id, driver_id: ana.id, pickup: OUT, drop: IN }),
    ]);
    expect((await call(liveTrips, {})).body.data).toHaveLength(3);
  });

  it('streams the trips in view on opening, and again when trips change', async () => {
    const { app, call, database, ticket } = await fleet();
    const waiting = await createRide(database, {
      rideStatus: 'Pending',
      pickupLat: IN.lat,
      pickupLng: IN.lng,
    });
    await createRide(database, { rideStatus: 'Pending', pickupLat: OUT.lat, pickupLng: OUT.lng });
    const base = await listening(app);
    const client = await stream(base, await ticket(), { bbox: BBOX });
    const tripsOf = (event: { data: string }) =>
      (JSON.parse(event.data) as { trips: { id: number; ride_status: string }[] }).trips;
    const first = await client.next((e) => e.event === LIVE_STREAM_EVENTS.trips);
    expect(tripsOf(first).map((trip) => trip.id)).toEqual([waiting.id]);

    const cancelled = await call(rideCancel, { ride_id: waiting.id, reason: 'Rider called' });
    expect(cancelled.statusCode).toBe(200);
    await app.recordChanges.flush();
    const next = await client.next((e) => e.event === LIVE_STREAM_EVENTS.trips && e !== first);
    expect(tripsOf(next)).toEqual([]);
  });

  it('finds drivers with a position by name or plate', async () => {
    const { call, send, ana, ben } = await fleet();
    await send([
      { driver: 'd-1', ...IN },
      { driver: 'd-2', ...IN },
    ]);
    const byName = await call(liveSearch, { search: 'okaf' });
    expect(byName.body.data).toEqual([
      expect.objectContaining({ id: ben.id, name: 'Ben Okafor', license_number: 'IL-7300' }),
    ]);
    const byPlate = await call(liveSearch, { search: 'il-48' });
    expect(byPlate.body.data.map((d: { id: number }) => d.id)).toEqual([ana.id]);
    expect((await call(liveSearch, { search: '%' })).statusCode).toBe(400);
    expect((await call(liveSearch, { search: '_%' })).body.data).toEqual([]);
  });
});
