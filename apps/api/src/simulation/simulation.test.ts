import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cityMap, streetGraph, type LngLat } from '@cabdesk/city';
import { approvalUser, rideCancel } from '@cabdesk/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { signedInApp } from '../../test/helper';
import type { Tx } from '../db/client';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../db/data-dir-lock';
import {
  auditLog,
  integrationKeys,
  notifications,
  rideEvents,
  rides,
  serviceTypes,
  transactions,
  users,
  vehicles,
  vehicleTypes,
  webhookDeliveries,
  webhooks,
} from '../db/schema';
import { createDeliverer } from '../modules/webhooks';
import { SERVICE_TYPES, VEHICLE_TYPES } from '../seed/catalog';
import { insertLookups } from '../seed/common';
import { createFleet, FIX_INTERVAL_MS } from './fleet';
import { provisionSimulator, SIMULATOR_KEY_NAME } from './provision';
import { RECEIVER_PATH, startReceiver } from './receiver';
import { createSimulator, movePeriodMs, type Simulator } from './simulation';

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'cabdesk-sim-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A listening Cabdesk (the simulator reaches it over HTTP like any
 * marketplace), the simulator with the key and endpoint made for it, its
 * receiver, and a deliverer to send the webhooks when the test says.
 */
async function world(
  // The marketplace's service and vehicle types (the demo's lookups unless said).
  lookups: (tx: Tx) => Promise<unknown> = insertLookups,
) {
  const built = await signedInApp(undefined, { WEBHOOK_ALLOW_LOOPBACK: 'true' });
  await built.database.db.transaction((tx) => lookups(tx));
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  const heard: string[] = [];
  const hearing: { simulator?: Simulator } = {};
  const receiver = await startReceiver(0, (message) => {
    const line = hearing.simulator?.hear(message);
    if (line) heard.push(line);
  });
  onTestFinished(() => receiver.close());
  const credentials = await provisionSimulator(built.database.db, receiver.url);
  receiver.verifyWith(credentials.secret);
  // The simulator's clock, which the test moves on.
  const time = { now: Date.now() };
  const baseUrl = `http://127.0.0.1:${port}`;
  const simulator = createSimulator({
    baseUrl,
    key: credentials.key,
    clock: () => time.now,
    catalog: credentials.catalog,
  });
  hearing.simulator = simulator;
  const deliverer = createDeliverer({
    database: built.database,
    allowLoopback: true,
    log: { warn: () => {}, info: () => {} },
  });
  onTestFinished(() => deliverer.stop());
  /** Sends what is due until nothing is: the webhooks reach the receiver. */
  const deliver = async () => {
    while ((await deliverer.runOnce()) > 0);
  };
  return { ...built, simulator, credentials, receiver, heard, deliver, time, baseUrl };
}

/** Whether a point lies on one of the demo city's streets (each a straight line). */
const STREETS = cityMap().features.flatMap((f) =>
  f.properties.layer === 'street' ? [f.geometry.coordinates as [LngLat, LngLat]] : [],
);
function onAStreet([lng, lat]: LngLat): boolean {
  const within = (v: number, a: number, b: number) =>
    v >= Math.min(a, b) - 1e-9 && v <= Math.max(a, b) + 1e-9;
  return STREETS.some(([[x0, y0], [x1, y1]]) =>
    x0 === x1
      ? Math.abs(lng - x0) < 1e-9 && within(lat, y0, y1)
      : Math.abs(lat - y0) < 1e-9 && within(lng, x0, x1),
  );
}

/** Each driver's latest fix, by their marketplace id. */
const positions = async (database: Awaited<ReturnType<typeof world>>['database']) =>
  database.rows<{ external_id: string; lat: number; lng: number; state: string; at: string }>(
    sql`select u.external_id, p.lat, p.lng, p.state, p.at::text as at
        from driver_positions p join users u on u.id = p.driver_id order by u.external_id`,
  );

const newest = async (
  database: Awaited<ReturnType<typeof world>>['database'],
  role: 'Company' | 'Driver' | 'User',
) => {
  const [row] = await database.db
    .select()
    .from(users)
    .where(eq(users.role, role))
    .orderBy(desc(users.id))
    .limit(1);
  return row!;
};

describe('the simulator, a client of the integration API', () => {
  it('registers a company, a vehicle, a driver with their licence and a passenger by its own ids, with its key', async () => {
    const { database, simulator, credentials } = await world();
    for (const event of ['company', 'vehicle', 'driver', 'passenger'] as const) {
      expect(await simulator.step(event)).toMatchObject({ event });
    }
    const company = await newest(database, 'Company');
    const driver = await newest(database, 'Driver');
    const passenger = await newest(database, 'User');
    const [vehicle] = await database.db.select().from(vehicles);
    // Every record arrived through the API: it carries the marketplace's id.
    for (const record of [company, driver, passenger, vehicle!]) {
      expect(record.externalId).toMatch(/^sim-[0-9a-z]+-[cduv]\d+$/);
    }
    expect(company).toMatchObject({ approval: 'Pending' });
    expect(driver).toMatchObject({ approval: 'Pending', companyId: company.id });
    expect(driver.dlFront).toEqual(expect.any(String));
    expect(vehicle).toMatchObject({ approval: 'Pending', companyId: company.id });
    expect(passenger).toMatchObject({ approval: 'Approved' });
    const [notification] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/driver-detail/${driver.id}`));
    expect(notification).toMatchObject({ title: 'New driver registration' });
    // Its own key, stored hashed, used just now.
    const [key] = await database.db
      .select()
      .from(integrationKeys)
      .where(eq(integrationKeys.name, SIMULATOR_KEY_NAME));
    expect(key!.keyHash).not.toContain(credentials.key);
    expect(key!.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(key!.createdBy).toBeNull();
  });

  it('registers its vehicles with the service and vehicle types the marketplace has, however named', async () => {
    const { database, simulator } = await world(async (tx) => {
      await tx.insert(serviceTypes).values({ title: 'Comfort' });
      await tx.insert(vehicleTypes).values({ title: 'Saloon', seats: 4 });
    });
    await simulator.step('company');
    for (let i = 0; i < 3; i++)
      expect(await simulator.step('vehicle')).toMatchObject({ event: 'vehicle' });
    const registered = await database.rows<{ service: string; type: string; seats: number }>(
      sql`select s.title as service, t.title as type, t.seats from vehicles v
          join service_types s on s.id = v.service_type_id join vehicle_types t on t.id = v.vehicle_type_id`,
    );
    expect(registered).toEqual(Array(3).fill({ service: 'Comfort', type: 'Saloon', seats: 4 }));
    // It made none of its own: the marketplace had some.
    expect(await database.db.select().from(serviceTypes)).toHaveLength(1);
  });

  it('on an empty marketplace, makes the service and vehicle types its cars need, audited as the server’s doing, and registers them', async () => {
    const { database, simulator } = await world(async () => undefined);
    await simulator.step('company');
    expect(await simulator.step('vehicle')).toMatchObject({ event: 'vehicle' });
    const made = (await database.db.select().from(serviceTypes)).map((row) => row.title);
    expect(made.toSorted()).toEqual([...SERVICE_TYPES].sort());
    expect(await database.db.select().from(vehicleTypes)).toHaveLength(VEHICLE_TYPES.length);
    const [vehicle] = await database.db.select().from(vehicles);
    expect(vehicle!.serviceTypeId).toEqual(expect.any(Number));
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['service_type_create', 'vehicle_type_create']));
    expect(audited).toHaveLength(SERVICE_TYPES.length + VEHICLE_TYPES.length);
    expect(audited.every((row) => row.adminId === null)).toBe(true);
    // A second start finds them there and makes no more.
    const again = await provisionSimulator(database.db, `http://127.0.0.1:4003${RECEIVER_PATH}`);
    expect(again.catalog!.serviceTypes.toSorted()).toEqual([...SERVICE_TYPES].sort());
    expect(await database.db.select().from(serviceTypes)).toHaveLength(SERVICE_TYPES.length);
  });

  it('gives trips only to a driver it heard approved: the approval.decided webhook reaches it, then the driver drives', async () => {
    const { database, simulator, credentials, heard, deliver, call, time } = await world();
    for (const event of ['company', 'vehicle', 'driver', 'passenger', 'request'] as const) {
      await simulator.step(event);
    }
    const driver = await newest(database, 'Driver');
    const [trip] = await database.db.select().from(rides);
    expect(trip).toMatchObject({ rideStatus: 'Pending', driverId: null });
    // The driver waits in the review desk: no trip for them yet.
    expect(await simulator.step('advance')).toBeNull();

    expect(
      (await call(approvalUser, { id: driver.id, table: 'users', approval: 'Approved' }))
        .statusCode,
    ).toBe(200);
    await deliver();
    await vi.waitUntil(() => heard.length > 0);
    expect(heard).toEqual([`driver ${driver.name} approved at the desk`]);
    expect(simulator.approvedDrivers).toEqual(new Set([driver.externalId]));
    const [delivery] = await database.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ status: 'delivered', responseCode: 200 });

    // The trip goes to the approved driver, who drives to the pick-up (started there), then to
    // the drop-off (ended, completed there), a fix every 4 s on the city's streets.
    const graph = streetGraph();
    const pickup = graph.nearestNode([trip!.pickupLng!, trip!.pickupLat!]);
    const drop = graph.nearestNode([trip!.dropLng!, trip!.dropLat!]);
    expect([trip!.pickupLng, trip!.pickupLat]).toEqual(graph.nodes[pickup]);
    expect(trip!.pickupAddress).toBe(`${graph.nodeName(pickup)}, Chicago`);
    expect(await simulator.step('advance')).toMatchObject({ event: 'advance' });
    const seen: string[] = [];
    const where: Record<string, LngLat> = {};
    for (let tick = 0; tick < 400 && seen.at(-1) !== 'Complete'; tick++) {
      time.now += FIX_INTERVAL_MS;
      await simulator.move();
      const [now] = await database.db.select().from(rides).where(eq(rides.id, trip!.id));
      const [fix] = await positions(database);
      expect(onAStreet([fix!.lng, fix!.lat]), `${fix!.lng},${fix!.lat}`).toBe(true);
      expect(fix!.state).toBe(now!.rideStatus === 'Complete' ? 'available' : 'on_trip');
      if (seen.at(-1) !== now!.rideStatus) {
        seen.push(now!.rideStatus);
        where[now!.rideStatus] = [fix!.lng, fix!.lat];
      }
    }
    expect(seen).toEqual(['Accept', 'Start', 'Complete']);
    expect(where.Start).toEqual(graph.nodes[pickup]);
    expect(where.Complete).toEqual(graph.nodes[drop]);
    // The trip keeps the route its driver drove.
    const [route] = await database.rows<{ points: number }>(
      sql`select cardinality(seconds) as points from ride_routes where ride_id = ${trip!.id}`,
    );
    expect(route!.points).toBeGreaterThan(2);
    const [vehicle] = await database.db.select().from(vehicles);
    const [done] = await database.db.select().from(rides).where(eq(rides.id, trip!.id));
    expect(done).toMatchObject({ driverId: driver.id, vehicleId: vehicle!.id });
    const [paid] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.rideId, trip!.id));
    expect(paid).toMatchObject({ amount: trip!.amount, transactionId: `${trip!.externalId}-pay` });
    // Split when it completed, cash as its payment says (issue 48).
    const [split] = await database.rows<{ gross: string; cash_collected: boolean }>(
      sql`select gross::text, cash_collected from ride_splits where ride_id = ${trip!.id}`,
    );
    expect(split).toEqual({
      gross: trip!.amount,
      cash_collected: paid!.paymentMethod === 'Cash',
    });
    // Every state change came with the simulator's key.
    const [key] = await database.db
      .select()
      .from(integrationKeys)
      .where(eq(integrationKeys.name, SIMULATOR_KEY_NAME));
    const history = await database.db
      .select()
      .from(rideEvents)
      .where(eq(rideEvents.rideId, trip!.id))
      .orderBy(asc(rideEvents.id));
    expect(history.map((e) => [e.event, e.keyId])).toEqual(
      ['created', 'accepted', 'started', 'ended', 'completed'].map((e) => [e, key!.id]),
    );
    expect(credentials.key).toMatch(/^cdk_/);
    // Nothing is left to assign.
    expect(await simulator.step('advance')).toBeNull();
  });

  it('drives a standing fleet, registered once by fixed ids, a fix every 4 s each along the streets', async () => {
    const { database, simulator, time, baseUrl, credentials } = await world();
    await simulator.addFleet(3);
    const roles = () =>
      database.rows<{ role: string; n: number; people: string }>(
        sql`select role::text, count(*)::int as n,
              string_agg(concat_ws(' ', name, email, phone, company_name, company_id), ', '
                order by id) as people
            from users
            where external_id like 'sim-fleet-%' group by role order by role`,
      );
    const registered = await roles();
    expect(registered.map(({ role, n }) => [role, n])).toEqual([
      ['Company', 1],
      ['Driver', 3],
    ]);
    expect(await database.db.select().from(vehicles)).toHaveLength(3);
    // Another run finds the same fleet: no one new, the same people.
    const again = createSimulator({ baseUrl, key: credentials.key, clock: () => time.now });
    await again.addFleet(3);
    expect(await roles()).toEqual(registered);
    expect(await database.db.select().from(vehicles)).toHaveLength(3);

    time.now += FIX_INTERVAL_MS;
    await simulator.move();
    const first = await positions(database);
    expect(first.map((p) => [p.external_id, p.state])).toEqual([
      ['sim-fleet-d1', 'available'],
      ['sim-fleet-d2', 'available'],
      ['sim-fleet-d3', 'available'],
    ]);
    time.now += FIX_INTERVAL_MS;
    await simulator.move();
    const second = await positions(database);
    for (const [i, fix] of second.entries()) {
      expect(onAStreet([fix.lng, fix.lat])).toBe(true);
      expect(fix.at).not.toBe(first[i]!.at);
      expect([fix.lng, fix.lat]).not.toEqual([first[i]!.lng, first[i]!.lat]);
    }
  });

  it('spreads a large fleet’s fixes evenly: 10,000 drivers send 2,500 fixes a second, each every 4 s', () => {
    let seed = 46;
    const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const fleet = createFleet(streetGraph(), rand);
    for (let n = 1; n <= 10_000; n++) fleet.add(`d${n}`, 0);
    const period = movePeriodMs(fleet.size);
    expect(period).toBe(400);
    const counts = new Map<string, number>();
    const batches: number[] = [];
    for (let now = period; now <= 8000; now += period) {
      const { fixes } = fleet.tick(now);
      batches.push(fixes.length);
      for (const fix of fixes) {
        const driver = String(fix.driver_external_id);
        counts.set(driver, (counts.get(driver) ?? 0) + 1);
      }
    }
    // Two intervals: every driver twice (or three times at the edges), each call about 1,000.
    expect(counts.size).toBe(10_000);
    expect(Math.min(...counts.values())).toBeGreaterThanOrEqual(2);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(3);
    expect(Math.max(...batches)).toBeLessThanOrEqual(1_200);
    expect(movePeriodMs(12)).toBe(FIX_INTERVAL_MS);
  });

  it('drops a trip the desk cancelled when the trip.cancelled webhook arrives', async () => {
    const { database, simulator, heard, deliver, call } = await world();
    for (const event of ['passenger', 'request'] as const) await simulator.step(event);
    const [trip] = await database.db.select().from(rides);
    expect(
      (await call(rideCancel, { ride_id: trip!.id, reason: 'Passenger asked by phone' }))
        .statusCode,
    ).toBe(200);
    await deliver();
    await vi.waitUntil(() => heard.length > 0);
    expect(heard).toEqual([`trip #${trip!.id} cancelled at the desk`]);
    expect(await simulator.step('cancel')).toBeNull();
  });

  it('refuses a delivery its endpoint’s secret did not sign, and acts on none', async () => {
    const messages: unknown[] = [];
    const receiver = await startReceiver(0, (message) => messages.push(message));
    onTestFinished(() => receiver.close());
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    receiver.verifyWith(secret);
    const body = JSON.stringify({ type: 'approval.decided', timestamp: '', data: {} });
    const send = (signer: Webhook) => {
      const at = new Date();
      return fetch(receiver.url, {
        method: 'POST',
        headers: {
          'webhook-id': 'msg_1',
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign('msg_1', at, body),
        },
        body,
      });
    };
    const forged = new Webhook(`whsec_${Buffer.alloc(32, 9).toString('base64')}`);
    expect((await send(forged)).status).toBe(401);
    expect(messages).toEqual([]);
    expect((await send(new Webhook(secret))).status).toBe(200);
    expect(messages).toHaveLength(1);
  });

  it('makes a new key at each start, revoking the last run’s, and points its one endpoint at the new receiver', async () => {
    const { database } = await signedInApp();
    const first = await provisionSimulator(database.db, `http://127.0.0.1:4001${RECEIVER_PATH}`);
    const second = await provisionSimulator(database.db, `http://127.0.0.1:4002${RECEIVER_PATH}`);
    expect(second.key).not.toBe(first.key);
    const live = await database.db
      .select()
      .from(integrationKeys)
      .where(and(eq(integrationKeys.name, SIMULATOR_KEY_NAME), isNull(integrationKeys.revokedAt)));
    expect(live).toHaveLength(1);
    const endpoints = await database.db.select().from(webhooks);
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({
      url: `http://127.0.0.1:4002${RECEIVER_PATH}`,
      enabled: true,
      secret: second.secret,
    });
    const actions = await database.db
      .select({ action: auditLog.action, adminId: auditLog.adminId })
      .from(auditLog)
      .where(inArray(auditLog.tableName, ['integration_keys', 'webhooks']))
      .orderBy(asc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual([
      'integration_key_create',
      'webhook_create',
      'integration_key_revoke',
      'integration_key_create',
      'webhook_update',
    ]);
    expect(actions.every((a) => a.adminId === null)).toBe(true);
  });
});

describe('data directory lock', () => {
  it('lets one process at a time open a PGlite data directory, and takes over a dead one’s lock', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    // A lock left behind by a process that is gone.
    writeFileSync(join(dir, LOCK_FILE), '999999999');
    const again = lockDataDir(dir);
    again();
  });
});
