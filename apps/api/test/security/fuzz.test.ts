import { API_BASE, logout } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/db/client';
import { coupons, faqs } from '../../src/db/schema';
import type { RouteEntry } from '../../src/plugins/route-table';
import { createCompany, createDriver, createRide, createUser, createVehicle } from '../builders';
import { bearer, buildTestApp, createAdmin, signIn } from '../helper';

/**
 * Property-based fuzzing of every API call, straight from the server's route
 * table and the contract's zod schemas (as JSON Schema), plus untyped garbage.
 * Fails on any answer >= 500, on an error answer that is not the envelope, and
 * on any rejected request that changed a row.
 */

type Json = z.core.JSONSchema.JSONSchema;
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const REQUESTS_PER_RUN = 42; // 250 x 42 = 10,500 requests

// ------------------------------------------------------------------ schemas -> arbitraries

const MAX_INT = 2_147_483_647;

function stringArb(s: Json): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  const edges = fc.constantFrom(
    'a'.repeat(min),
    'a'.repeat(Math.min(max, 2000)),
    'a'.repeat(Math.min(max + 1, 5000)),
  );
  let typical: fc.Arbitrary<string>;
  if (s.format === 'email') {
    typical = fc.emailAddress().filter((e) => e.length <= max);
  } else if (s.pattern) {
    typical = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= max);
  } else {
    typical = fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'binary' });
  }
  return fc.oneof({ arbitrary: typical, weight: 5 }, { arbitrary: edges, weight: 1 });
}

function integerArb(s: Json): fc.Arbitrary<number> {
  const lo =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + 1
        : -MAX_INT;
  const hi =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - 1
        : MAX_INT;
  // Small ids hit the seeded rows; the bounds and one past them test the limits.
  return fc.oneof(
    { arbitrary: fc.integer({ min: Math.max(lo, 1), max: Math.min(hi, 30) }), weight: 4 },
    { arbitrary: fc.integer({ min: lo, max: hi }), weight: 2 },
    { arbitrary: fc.constantFrom(lo, hi, lo - 1, hi + 1), weight: 1 },
  );
}

/** A value that the JSON Schema (from a zod schema) describes, with its edges. */
export function fromJsonSchema(s: Json | boolean | undefined): fc.Arbitrary<unknown> {
  if (s === undefined || typeof s === 'boolean') return fc.jsonValue();
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromJsonSchema(a)));
  if (s.allOf?.[0]) return fromJsonSchema(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return integerArb(s);
    case 'number':
      return fc.oneof(integerArb(s), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(s.items) ? s.items[0] : s.items;
      return fc.array(fromJsonSchema(items), { maxLength: Math.min(s.maxItems ?? 5, 5) });
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 });
      const model = Object.fromEntries(props.map(([k, v]) => [k, fromJsonSchema(v)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue();
  }
}

const toJsonSchema = (schema: unknown): Json | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
};

/** Beyond the schema: wrong types, missing and unknown fields, hostile strings. */
const hostile = fc.constantFrom(
  "' or 1=1 --",
  '"; drop table users; --',
  '%',
  '_',
  '\\',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '١٢٣',
  '𝕏'.repeat(50),
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(40),
  '0x10',
  ' 1 ',
  '',
  'null',
  'true',
  '[]',
  '{}',
);
const garbageValue = fc.oneof(
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
  hostile,
  fc.constantFrom(null, true, false, 0, -1, 1.5, [], {}, [1, 2], { $gt: '' }),
);

function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), garbageValue, fc.constantFrom('replace', 'drop', 'add', 'proto'))
    .map(([value, n, junk, how]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return junk;
      const obj = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(obj);
      const key = keys.length ? keys[n % keys.length]! : 'x';
      if (how === 'replace') obj[key] = junk;
      else if (how === 'drop') delete obj[key];
      else if (how === 'add') {
        Object.assign(obj, { role: 'Admin', approval: 'Approved', deleted_at: null, extra: junk });
      } else {
        // An own `__proto__` key, as JSON.parse would make it from a hostile body.
        Object.defineProperty(obj, '__proto__', {
          value: { polluted: 1 },
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return obj;
    });
}

// ------------------------------------------------------------------ requests

type FuzzRequest = {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  label: string;
  auth: 'valid' | 'none' | 'junk';
};

const encodeQuery = (value: unknown) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `q=${encodeURIComponent(JSON.stringify(value) ?? '')}`;
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) {
      params.append(k, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
    }
  }
  return params.toString();
};

const encodeForm = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? encodeQuery(value)
    : // JSON, not String(): an array may hold an object without a prototype.
      (JSON.stringify(value) ?? String(value));

/**
 * The requests of a route, built once per route: building them (the schema as
 * JSON Schema, its patterns as arbitraries) cost three times the request.
 */
const requestArbs = new Map<RouteEntry, fc.Arbitrary<Omit<FuzzRequest, 'auth'>>>();
const requestArbOf = (route: RouteEntry) => {
  let arb = requestArbs.get(route);
  if (!arb) requestArbs.set(route, (arb = requestArb(route)));
  return arb;
};

function requestArb(route: RouteEntry): fc.Arbitrary<Omit<FuzzRequest, 'auth'>> {
  const isRead = route.method === 'GET' || route.method === 'HEAD';
  const schema = toJsonSchema(isRead ? route.schema.querystring : route.schema.body);
  const valid = fromJsonSchema(schema ?? { type: 'object' });
  const value = fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: mutated(valid), weight: 3 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  );
  const url = route.url;
  if (isRead) {
    return fc
      .tuple(value, fc.constantFrom('', '', '', '&page[]=1', '&per_page=1&per_page=2', '&%zz'))
      .map(([v, extra]) => ({
        method: route.method,
        url: `${url}?${encodeQuery(v)}${extra}`,
        headers: {},
        label: `${route.method} ${url} query`,
      }));
  }
  const bodyKinds = fc.constantFrom('json', 'json', 'json', 'form', 'raw', 'none');
  const rawBodies = fc.oneof(
    fc.string({ maxLength: 60, unit: 'binary' }),
    fc.constantFrom('{"a":', '[', 'null', '"str"', '\u0000', '{"a":1}{"b":2}', '%%%', '<a/>'),
  );
  const contentTypes = fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-16',
    'application/octet-stream',
  );
  return fc
    .tuple(value, bodyKinds, rawBodies, contentTypes)
    .map(([v, kind, raw, type]): Omit<FuzzRequest, 'auth'> => {
      const base = { method: route.method, url, label: `${route.method} ${url} ${kind}` };
      switch (kind) {
        case 'json':
          return {
            ...base,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(v) ?? 'null',
          };
        case 'form':
          return {
            ...base,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: encodeForm(v),
          };
        case 'raw':
          return { ...base, headers: { 'content-type': type }, payload: raw };
        default:
          return { ...base, headers: {} };
      }
    });
}

// ------------------------------------------------------------------ the world

async function seed(database: Database) {
  const company = await createCompany(database);
  for (let i = 0; i < 3; i++) {
    await createUser(database);
    await createDriver(database, { companyId: company.id, approval: 'Pending' });
    await createVehicle(database, { companyId: company.id, approval: 'Pending' });
    await createRide(database);
  }
  await createRide(database, { rideStatus: 'Cancel' });
  await database.db.insert(coupons).values([
    { title: 'Ten', couponCode: 'TEN10', discount: 10, description: 'Ten off' },
    { title: 'Five', couponCode: 'FIVE5', discount: 5, description: 'Five off' },
  ]);
  await database.db.insert(faqs).values([{ question: 'How?', answer: 'Like this.' }]);
}

/**
 * A change journal for the test database: a row trigger on every table records
 * each insert, update and delete, except the writes a rejected request rightly
 * makes: rate-limit counters and sign-in throttles (not watched), and those of
 * RIGHTFUL_WRITES (and the push claim a notification gets after its request).
 * Reading it costs one indexed query.
 */
/** Tables written besides what a request does, and what of them is still watched. */
const RIGHTFUL_WRITES: Record<string, string> = {
  // Last-seen time moves on any authenticated call; creation and revocation are watched.
  admin_sessions: 'insert or delete or update of revoked_at, admin_id, token_hash',
  // A wrong code counts a try (5 per code), and the fifth uses the code up.
  otp_codes: 'insert or delete or update of code_hash, email, expires_at',
  // A code's first wrong try lengthens the wait for the next; only a verified code shortens it.
  otp_waits: 'delete',
  // The hub claims a notification's push after its NOTIFY, when the request that
  // made it may have answered (an approval's, then a rejected request's window).
  notifications: 'insert or delete or update of title, message, link, admin_id',
};

async function changeJournal(database: Database) {
  const tables = await database.rows<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('rate_limits', 'login_throttles')
    order by table_name`);
  expect(tables.length).toBeGreaterThan(15);
  await database.rows(sql`create table fuzz_changes (
    id serial primary key,
    tbl text not null,
    at double precision not null default extract(epoch from clock_timestamp()) * 1000)`);
  await database.rows(
    sql.raw(`create function fuzz_record() returns trigger language plpgsql as $$
      begin insert into fuzz_changes (tbl) values (TG_TABLE_NAME); return null; end $$`),
  );
  for (const { table_name: t } of tables) {
    const events = RIGHTFUL_WRITES[t] ?? 'insert or update or delete';
    await database.rows(
      sql.raw(
        `create trigger fuzz_watch after ${events} on "${t}" for each row execute function fuzz_record()`,
      ),
    );
  }
  /** Changes after journal row `from`: table and wall-clock time (ms, same clock as Date.now). */
  const since = async (from: number) =>
    database.rows<{ id: number; tbl: string; at: number }>(
      sql`select id, tbl, at from fuzz_changes where id > ${from} order by id`,
    );
  return { since };
}

// ------------------------------------------------------------------ the property

describe('fuzzing every call', () => {
  let world:
    | Promise<{
        app: App;
        routes: RouteEntry[];
        token: { value: string };
        journal: Awaited<ReturnType<typeof changeJournal>>;
        /** The first request of each kind of failure (status or check, and route). */
        problems: Map<string, string>;
        /** The last journal row looked at. */
        last: { value: number };
        stats: { requests: number; byStatus: Map<number, number>; byRoute: Map<string, number> };
      }>
    | undefined;

  const setUp = async () => {
    const { app, database } = await buildTestApp({ LOGIN_MAX_ATTEMPTS: '1000000' });
    await createAdmin(database);
    await seed(database);
    const token = { value: await signIn(app) };
    const routes = app.routeTable.filter(
      (r) => r.url.startsWith(API_BASE) && (r.method === 'GET' || r.method === 'POST'),
    );
    const journal = await changeJournal(database);
    // The journal sees a change: a guard against a test that would watch nothing.
    await database.db.insert(faqs).values([{ question: 'Q', answer: 'A' }]);
    const seen = await journal.since(0);
    expect(seen.map((c) => c.tbl)).toEqual(['faqs']);
    return {
      app,
      routes,
      token,
      journal,
      last: { value: Number(seen[0]!.id) },
      problems: new Map<string, string>(),
      stats: { requests: 0, byStatus: new Map(), byRoute: new Map() },
    };
  };

  // The route list is known only once the app is built; pick routes by index.
  const oneRequest = fc.record({
    // Uniform: fast-check's bias towards small numbers starved the calls late in the table
    // (each needs more than 50 requests, and the table grows with every issue).
    routeIndex: fc.noBias(fc.nat()),
    seed: fc.integer(),
    auth: fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'none', 'junk'),
  });

  /** One run: a batch of requests sent one after another, then the journal's changes checked. */
  const checkBatch = async (batch: { routeIndex: number; seed: number; auth: string }[]) => {
    world ??= setUp();
    const w = await world;
    // Each request's wall-clock window; the journal's changes are matched to them after
    // the batch (one query per batch, not per request).
    const sent: { start: number; end: number; rejected: boolean; where: string; key: string }[] =
      [];
    for (const pick of batch) {
      const route = w.routes[pick.routeIndex % w.routes.length]!;
      const [generated] = fc.sample(requestArbOf(route), { numRuns: 1, seed: pick.seed });
      const req: FuzzRequest = { ...generated!, auth: pick.auth as FuzzRequest['auth'] };
      if (req.auth === 'valid') Object.assign(req.headers, bearer(w.token.value));
      if (req.auth === 'junk') req.headers.authorization = `Bearer ${'x'.repeat(43)}`;

      const start = Date.now();
      const res = await w.app.inject({
        method: req.method,
        url: req.url,
        headers: req.headers,
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      });
      const end = Date.now();
      w.stats.requests++;
      w.stats.byStatus.set(res.statusCode, (w.stats.byStatus.get(res.statusCode) ?? 0) + 1);
      w.stats.byRoute.set(route.url, (w.stats.byRoute.get(route.url) ?? 0) + 1);
      const where = `${req.label} [${req.auth}] ${req.url} ${String(req.payload).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
      const key = `${route.method} ${route.url}`;
      const problem = (what: string) => {
        if (!w.problems.has(`${what} ${key}`)) w.problems.set(`${what} ${key}`, where);
      };
      if (res.statusCode >= 500) problem(`${res.statusCode}`);
      if (res.statusCode >= 400) {
        let body: { status?: unknown; message?: unknown } = {};
        try {
          body = res.json();
        } catch {
          problem('not JSON');
        }
        if (body.status !== false || typeof body.message !== 'string') problem('no envelope');
      }
      sent.push({ start, end, rejected: res.statusCode >= 400, where, key });
      // A successful logout ends the session the fuzzer uses: take a new one.
      if (res.statusCode === 200 && route.url === `${API_BASE}${logout.path}`) {
        const before = Date.now();
        w.token.value = await signIn(w.app);
        sent.push({
          start: before,
          end: Date.now(),
          rejected: false,
          where: 'sign-in',
          key,
        });
      }
    }
    // A change belongs to the request running when it happened (1 ms of slack either side).
    // It is a failure only if no accepted request could have made it.
    for (const change of await w.journal.since(w.last.value)) {
      w.last.value = Math.max(w.last.value, Number(change.id));
      const at = Number(change.at);
      const during = sent.filter((r) => at >= r.start - 1 && at <= r.end + 1);
      if (during.length > 0 && during.every((r) => r.rejected)) {
        const culprit = during[0]!;
        const what = `rejected but changed ${change.tbl}`;
        if (!w.problems.has(`${what} ${culprit.key}`)) {
          w.problems.set(`${what} ${culprit.key}`, culprit.where);
        }
      }
      if (during.length === 0) w.problems.set(`unattributed change of ${change.tbl}`, '');
    }
    // FUZZ_ALL=1 goes on to the end and lists every kind of failure at once.
    if (!process.env.FUZZ_ALL) expect([...w.problems.values()]).toEqual([]);
  };

  test(
    'never answers >= 500, answers errors with the envelope, and rejected requests change nothing',
    () =>
      fc.assert(
        fc.asyncProperty(
          fc.array(oneRequest, { minLength: REQUESTS_PER_RUN, maxLength: REQUESTS_PER_RUN }),
          checkBatch,
        ),
        {
          numRuns: RUNS,
          endOnFailure: true,
          // FUZZ_SEED=<the seed a failure printed> replays that run.
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        },
      ),
    240_000,
  );

  test('covered every call, at least 10,000 requests in all', async () => {
    expect(world).toBeDefined();
    const w = await world!;
    expect([...w.problems]).toEqual([]);
    expect(w.stats.requests).toBe(RUNS * REQUESTS_PER_RUN);
    if (RUNS === 250) expect(w.stats.requests).toBeGreaterThanOrEqual(10_000);
    for (const route of w.routes) {
      expect(w.stats.byRoute.get(route.url) ?? 0, route.url).toBeGreaterThan(50);
    }
    // Enough of them got through validation to exercise the handlers.
    expect(w.stats.byStatus.get(200) ?? 0).toBeGreaterThan(w.stats.requests * 0.15);
  });

  afterAll(() => {
    world = undefined;
  });
});
