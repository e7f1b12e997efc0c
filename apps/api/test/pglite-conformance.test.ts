import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  INTEGRATION_BASE,
  integrationCases,
  integrationKeyCreate,
  integrationEvents,
  integrationPeople,
  integrationPositions,
  integrationTrips,
  integrationVehicles,
  login,
  sendOtp,
  statusUpdate,
  totpSetup,
  VIEW_LISTS,
  type AnyEndpoint,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap';
import { openDatabase } from '../src/db/client';
import { bearer, buildTestApp, callApi, signedIn, type Answer } from './helper';

/**
 * Driver conformance. The whole API suite runs on PostgreSQL (production's
 * engine); on PGlite, the embedded default, runs the set of files that
 * exercise what differs between the two drivers (vitest.pglite.config.ts,
 * docs/testing.md). This file is that set's walk of the whole API: start-up
 * with the demo data, then every module of the live route table called once
 * at least, so a new module is on PGlite's list the day it is served.
 * It runs in both passes: on PostgreSQL it is the demo seed's start-up there.
 */

const ADMIN = { email: 'owner@cabdesk.test', password: 'conformance passphrase' };

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type Call = (target: AnyEndpoint | string, input?: Record<string, unknown>) => Promise<Answer>;
type Ids = {
  user: number;
  company: number;
  ride: number;
  vehicle: number;
  passenger: number;
  service_type: string;
  vehicle_type: string;
  seats: number;
};

/** A company sent through the integration API, with a key the Owner makes for it. */
const MARKETPLACE_COMPANY = {
  external_id: 'conformance-company',
  user_type: 'Company',
  name: 'Conformance Owner',
  email: 'conformance-company@example.test',
  phone: '+1 555 0100',
  company_name: 'Conformance Cabs',
};
async function integrationKey(call: Call) {
  const made = await call(integrationKeyCreate, {
    name: 'Conformance',
    scopes: [
      'people:write',
      'vehicles:write',
      'trips:write',
      'documents:write',
      'positions:write',
      'events:read',
      'cases:write',
    ],
  });
  return bearer(made.body.data.key as string);
}

/** The input of the reads that need one, from the demo data; every other read is called with none. */
const READ_INPUT: Record<string, (ids: Ids) => Record<string, unknown>> = {
  'user-list': () => ({ user_type: 'User' }),
  'user-detail': (ids) => ({ user_id: ids.user }),
  'vehicle-detail': (ids) => ({ vehicle_id: ids.vehicle }),
  'ride-detail': (ids) => ({ ride_id: ids.ride }),
  'note-list': (ids) => ({ table: 'rides', id: ids.ride }),
  'record-history': (ids) => ({ table: 'users', id: ids.user }),
  lookup: () => ({ q: 'an' }),
  'view-list': () => ({ list: VIEW_LISTS[0] }),
  statement: (ids) => ({ company_id: ids.company, from: '2026-01-01', to: '2026-01-31' }),
};

/**
 * The modules that read nothing by GET, and the one call that stands for each.
 * A new module without a read fails the walk until it is given one here.
 */
const OTHER_CALLS: Record<string, (call: Call, ids: Ids, app: App) => Promise<Answer>> = {
  // Signing in through it is how the walk has its session; once more, answered.
  authRoutes: (call) => call(login, ADMIN),
  // An address that is no administrator's: a code row, its limits, no e-mail.
  recoveryRoutes: (call) => call(sendOtp, { email: 'nobody@cabdesk.test' }),
  recordRoutes: (call, ids) =>
    call(statusUpdate, { id: ids.passenger, table: 'users', status: 'Inactive' }),
  twoFactorRoutes: (call) => call(totpSetup),
  // The integration API, with a key of the Owner's (its answers are checked by their schemas).
  integrationPeopleRoutes: async (call, _ids, app) =>
    callApi(app, integrationPeople, MARKETPLACE_COMPANY, await integrationKey(call)),
  integrationVehicleRoutes: async (call, ids, app) => {
    const key = await integrationKey(call);
    await callApi(app, integrationPeople, MARKETPLACE_COMPANY, key);
    return callApi(
      app,
      integrationVehicles,
      {
        external_id: 'conformance-vehicle',
        company_external_id: MARKETPLACE_COMPANY.external_id,
        service_type: ids.service_type,
        vehicle_type: ids.vehicle_type,
        seats: ids.seats,
        brand: 'Toyota',
        model: 'Prius',
        color: 'White',
        license_number: 'CNF-0001',
      },
      key,
    );
  },
  // A company's business licence, a PNG sent as multipart (the file stored, the expiry kept).
  integrationDocumentRoutes: async (call, _ids, app) => {
    const key = await integrationKey(call);
    await callApi(app, integrationPeople, MARKETPLACE_COMPANY, key);
    const form = new FormData();
    form.append('owner', 'people');
    form.append('external_id', MARKETPLACE_COMPANY.external_id);
    form.append('document', 'business_licence');
    form.append('expires_on', '2030-01-31');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    form.append('file', new Blob([png], { type: 'image/png' }), 'licence.png');
    const encoded = new Request('http://cabdesk.test/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: `${INTEGRATION_BASE}documents`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { ...key, 'content-type': encoded.headers.get('content-type')! },
    });
    return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
  },
  // A passenger of the marketplace, then their complaint: a case at the desk.
  integrationCaseRoutes: async (call, _ids, app) => {
    const key = await integrationKey(call);
    const passenger = {
      external_id: 'conformance-passenger',
      user_type: 'User',
      name: 'Conformance Passenger',
      email: 'conformance-passenger@example.test',
      phone: '+1 555 0101',
    };
    await callApi(app, integrationPeople, passenger, key);
    return callApi(
      app,
      integrationCases,
      {
        external_id: 'conformance-case',
        kind: 'complaint',
        complaint_type: 'other',
        reporter_external_id: passenger.external_id,
        text: 'The driver was late.',
        at: new Date().toISOString(),
      },
      key,
    );
  },
  // An NDJSON file of one company: its batch written in one transaction.
  integrationImportRoutes: async (call, _ids, app) => {
    const res = await app.inject({
      method: 'POST',
      url: `${INTEGRATION_BASE}import`,
      payload: `${JSON.stringify({ kind: 'people', ...MARKETPLACE_COMPANY })}\n`,
      headers: { ...(await integrationKey(call)), 'content-type': 'application/x-ndjson' },
    });
    return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
  },
  // A driver of the marketplace's company, then where they are (one statement for the batch).
  integrationPositionRoutes: async (call, _ids, app) => {
    const key = await integrationKey(call);
    await callApi(app, integrationPeople, MARKETPLACE_COMPANY, key);
    await callApi(
      app,
      integrationPeople,
      {
        external_id: 'conformance-driver',
        user_type: 'Driver',
        name: 'Conformance Driver',
        email: 'conformance-driver@example.test',
        phone: '+1 555 0110',
        company_external_id: MARKETPLACE_COMPANY.external_id,
      },
      key,
    );
    const fix = { driver_external_id: 'conformance-driver', lat: 37.77, lng: -122.42 };
    return callApi(
      app,
      integrationPositions,
      { fixes: [{ ...fix, state: 'available', at: new Date().toISOString() }] },
      key,
    );
  },
  // A passenger, then a trip of theirs completed before it is known as created; the feed read.
  integrationTripRoutes: async (call, _ids, app) => {
    const key = await integrationKey(call);
    await callApi(
      app,
      integrationPeople,
      {
        external_id: 'conformance-passenger',
        user_type: 'User',
        name: 'Conformance Rider',
        email: 'conformance-rider@example.test',
        phone: '+1 555 0109',
      },
      key,
    );
    const trip = (event: string, at: string) =>
      callApi(
        app,
        integrationTrips,
        {
          external_id: 'conformance-trip',
          event,
          at,
          user_external_id: 'conformance-passenger',
          pickup_address: '1 Conformance Way',
          drop_address: '2 Conformance Way',
          amount: 12.5,
        },
        key,
      );
    await trip('completed', '2026-03-02T09:30:00Z');
    const created = await trip('created', '2026-03-02T09:00:00Z');
    expect(created.body.data).toMatchObject({ created: false, ride_status: 'Complete' });
    const feed = await callApi(app, integrationEvents, {}, key);
    return feed.statusCode === 200 ? created : feed;
  },
};

/** The modules the server serves: each routes plugin that registers calls of the contract. */
function modulesOf(app: App) {
  const modules = new Map<string, AnyEndpoint[]>();
  for (const route of app.routeTable) {
    if (!route.endpoint || route.method === 'HEAD') continue;
    const endpoints = modules.get(route.plugin) ?? [];
    if (!endpoints.includes(route.endpoint)) endpoints.push(route.endpoint);
    modules.set(route.plugin, endpoints);
  }
  return modules;
}

/** The reads of a module the walk can make: GETs that take no input or have one above. */
const readsOf = (endpoints: AnyEndpoint[]) =>
  endpoints.filter(
    (e) =>
      e.method === 'GET' &&
      !e.stream &&
      // The integration API's reads need a key, not the session: OTHER_CALLS make them.
      e.scope === undefined &&
      (e.path in READ_INPUT || e.input.safeParse({}).success),
  );

describe('PGlite conformance: the API over the demo data', () => {
  // The demo seed is most of this test: it gets a set-up's time (hookTimeout), not a test's.
  it('starts with the demo data, and answers a call of every module of the route table', async () => {
    const { app, database } = await buildTestApp({
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    // Start-up as server.ts does it after migrating: the administrator, then the demo data.
    expect(await bootstrap(app)).toEqual({ email: ADMIN.email });

    const [ids] = await database.rows<Ids>(
      sql`select (select min(id) from users) as user,
                 (select min(id) from users where role = 'Company') as company,
                 (select min(id) from users where role = 'User') as passenger,
                 (select min(id) from rides) as ride,
                 (select min(id) from vehicles) as vehicle,
                 (select title from service_types order by id limit 1) as service_type,
                 (select title from vehicle_types order by id limit 1) as vehicle_type,
                 (select seats from vehicle_types order by id limit 1) as seats`,
    );
    expect(ids, 'the demo data has people, trips and vehicles').toEqual({
      user: expect.any(Number),
      company: expect.any(Number),
      passenger: expect.any(Number),
      ride: expect.any(Number),
      vehicle: expect.any(Number),
      service_type: expect.any(String),
      vehicle_type: expect.any(String),
      seats: expect.any(Number),
    });

    const session = await signedIn(app, ADMIN);
    const call: Call = (target, input) => session.call(target, input);
    const modules = modulesOf(app);
    // The table is the real one: a walk over an empty table proves nothing.
    expect(modules.size).toBeGreaterThan(20);

    const failures: string[] = [];
    const uncalled: string[] = [];
    for (const [module, endpoints] of modules) {
      const reads = readsOf(endpoints);
      const answers: [string, AnyEndpoint | undefined, Answer][] = [];
      for (const endpoint of reads) {
        const input = READ_INPUT[endpoint.path]?.(ids!) ?? {};
        answers.push([endpoint.path, endpoint, await call(endpoint, input)]);
      }
      const other = OTHER_CALLS[module];
      if (other) answers.push([`${module} (its call)`, undefined, await other(call, ids!, app)]);
      if (answers.length === 0) uncalled.push(module);
      for (const [name, endpoint, answer] of answers) {
        if (answer.statusCode !== 200) {
          failures.push(`${module} ${name}: ${answer.statusCode} ${JSON.stringify(answer.body)}`);
        } else if (endpoint && !endpoint.response.safeParse(answer.body).success) {
          failures.push(`${module} ${name}: the answer is not the contract's shape`);
        }
      }
    }
    expect(uncalled, 'modules with neither a read nor an entry in OTHER_CALLS').toEqual([]);
    expect(failures).toEqual([]);
    // Every entry above still names a served module.
    expect(Object.keys(OTHER_CALLS).filter((m) => !modules.has(m))).toEqual([]);

    // The reads saw the demo data, not an empty marketplace.
    const trips = await call(`ride-list`);
    expect(trips.body.data.total).toBeGreaterThan(0);
  }, 120_000);
});

describe('PGlite conformance: a data directory', () => {
  // The server's own way to PGlite (a DATA_DIR), whatever database the suite runs on: the
  // suite's own databases are loaded in memory.
  // hardening.test.ts checks the same setting on the PostgreSQL server.
  it('opens with the statement timeout set, and keeps what was written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-conformance-'));
    try {
      const database = await openDatabase({ dataDir, statementTimeoutMs: 300 });
      const [shown] = await database.rows<{ statement_timeout: string }>(
        sql`show statement_timeout`,
      );
      // PGlite keeps the setting; with no timer interrupt in WebAssembly it cannot cancel.
      expect(shown!.statement_timeout).toBe('300ms');
      await database.rows(sql`create table kept (n int)`);
      await database.rows(sql`insert into kept values (7)`);
      await database.close();

      const reopened = await openDatabase({ dataDir });
      try {
        expect(await reopened.rows(sql`select n from kept`)).toEqual([{ n: 7 }]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A new PGlite data directory is created and migrated: seconds, more on busy cores.
  }, 120_000);
});
