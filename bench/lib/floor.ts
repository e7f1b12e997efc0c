/**
 * The floor: the SQL each call runs, captured from the API's own code (the
 * app built in-process over a drizzle instance that records statements,
 * driven by `inject`, no socket), then replayed straight through `pg` by 10
 * concurrent workers (a pool of 10, like the API's), or on the PGlite instance
 * one call at a time (it has one connection), with no HTTP, validation or JSON.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql as dsql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import {
  applySessionSettings,
  bootstrap,
  buildApp,
  loadConfig,
  openDatabase,
  pgliteOptions,
  schema,
  type Database,
  type Db,
} from '@cabdesk/api';
import { cpuMeter } from './cpu';
import { callsOf, deepCall, DEEP_LISTS, findFixture, type Call, type Fixture } from './calls';
import { figuresOf, type Figures } from './stats';

export type Engine = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export type Statement = { text: string; params: unknown[] };

/** A call ready to measure: its statements, or why it cannot be measured. */
type Prepared = Call & { statements: Statement[]; skipped?: string };

export const API_BASE = '/taxi-service/admin/';
export const ADMIN = { email: 'bench@cabdesk.local', password: 'benchmark passphrase' };

/** The environment of the API, in-process here and in the server process (http.ts). */
export function apiEnv(engine: Engine, uploadDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_MAX_ATTEMPTS: '1000',
    SEED_DEMO: 'false',
    UPLOAD_DIR: uploadDir,
    ...(process.env.BENCH_WEB_DIST ? { WEB_DIST_DIR: process.env.BENCH_WEB_DIST } : {}),
    ...(engine.kind === 'postgres' ? { DATABASE_URL: engine.url } : { DATA_DIR: engine.dataDir }),
  };
}

type Recorder = { on: boolean; statements: Statement[] };

async function openRecording(
  engine: Engine,
  recorder: Recorder,
): Promise<{ database: Database; exec: (s: Statement) => Promise<unknown> }> {
  const logger = {
    logQuery(text: string, params: unknown[]) {
      if (recorder.on) recorder.statements.push({ text, params });
    },
  };
  const rowsOf =
    (db: Db) =>
    async <T>(query: SQL) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  if (engine.kind === 'postgres') {
    // The API's own Database (listen, close, ...), with its queries sent through a recording drizzle.
    const real = await openDatabase({ databaseUrl: engine.url });
    // The API's session settings (its planner limits), so the floor plans as it does.
    const pool = new pg.Pool({
      connectionString: engine.url,
      max: 10,
      onConnect: applySessionSettings,
    });
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      database: {
        ...real,
        db,
        rows: rowsOf(db),
        close: async () => {
          await pool.end();
          await real.close();
        },
      },
      exec: (s) => pool.query(s.text, s.params),
    };
  }
  mkdirSync(engine.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: engine.dataDir, ...pgliteOptions });
  const real = await openDatabase({ pglite: client });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    database: { ...real, db, rows: rowsOf(db) },
    exec: (s) => client.query(s.text, s.params),
  };
}

/**
 * 10 workers run the statements of one call back to back for `seconds`, each
 * once first, untimed: the pool opens its connections and each plans and reads
 * what the call needs before the clock starts. Without it the first call
 * measured paid for nine connections' start-up, and its p97.5 with it (a
 * search's first term 224-274 ms against a p50 of 10).
 */
async function replay(
  exec: (s: Statement) => Promise<unknown>,
  statements: Statement[],
  seconds: number,
  connections = 10,
): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const runAll = async () => {
    for (const s of statements) await exec(s);
  };
  await Promise.all(Array.from({ length: connections }, () => runAll().catch(() => {})));
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await runAll();
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  const cpu = cpuMeter();
  await Promise.all(Array.from({ length: connections }, worker));
  return {
    ...figuresOf(latencies, (performance.now() - started) / 1000, errors),
    cpu: cpu(latencies.length),
  };
}

export type FloorResult = {
  fixture: Fixture;
  calls: Prepared[];
  floor: Map<string, Figures>;
};

/**
 * Opens the database in-process, makes sure the benchmark administrator
 * exists, resolves the calls (ids, deep pages), captures each call's SQL and
 * measures the floor. The database is closed again before the API server
 * starts (PGlite allows one process per data directory). Pending migrations
 * are applied first, as the server would.
 */
export async function captureAndMeasureFloor(
  engine: Engine,
  uploadDir: string,
  seconds: number,
  log: (msg: string) => void,
  /** The calls to measure (default: the benchmark's, callsOf and the deep pages). */
  pick?: (rows: <T>(text: string) => Promise<T[]>) => Promise<Call[]>,
): Promise<FloorResult> {
  const recorder: Recorder = { on: false, statements: [] };
  const { database, exec } = await openRecording(engine, recorder);
  const config = loadConfig({ ...process.env, ...apiEnv(engine, uploadDir) });
  const app = await buildApp({ config, database });
  try {
    await database.migrate();
    await app.ready();
    await bootstrap(app);
    const login = await app.inject({
      method: 'POST',
      url: `${API_BASE}login`,
      payload: { ...ADMIN, user_type: 'Admin', device_type: 'Web', device_token: '' },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => {
      recorder.statements = [];
      recorder.on = true;
      const res = await app.inject({ method: 'GET', url: `${API_BASE}${path}`, headers });
      recorder.on = false;
      return { res, statements: recorder.statements };
    };

    const rows = async <T>(text: string) => database.rows<T>(dsql.raw(text));
    const fixture = await findFixture(rows);
    const calls: Call[] = pick ? await pick(rows) : callsOf(fixture);
    for (const list of pick ? [] : DEEP_LISTS) {
      const { res } = await get(list.path);
      const lastPage =
        res.statusCode === 200 ? (res.json() as { data: { last_page: number } }).data.last_page : 1;
      calls.push(deepCall(list, Number(lastPage)));
    }

    const prepared: Prepared[] = [];
    for (const call of calls) {
      // The second of two calls: the statements of the steady state the bench loads, with
      // what the API keeps between calls (the session, a date range's cuts) already kept.
      await get(call.path);
      const { res, statements } = await get(call.path);
      prepared.push(
        res.statusCode === 200
          ? { ...call, statements }
          : { ...call, statements, skipped: `HTTP ${res.statusCode}` },
      );
    }

    const floor = new Map<string, Figures>();
    for (const call of prepared) {
      if (call.skipped || seconds <= 0) continue;
      // PGlite runs one query at a time: more workers would only measure their own queue.
      const workers = engine.kind === 'pglite' ? 1 : 10;
      floor.set(call.path, await replay(exec, call.statements, seconds, workers));
      const f = floor.get(call.path);
      log(
        `  floor ${call.name}: p50 ${f?.p50.toFixed(2)} ms, p97.5 ${f?.p97_5.toFixed(2)} ms (${call.statements.length} statements)`,
      );
    }
    return { fixture, calls: prepared, floor };
  } finally {
    await app.close();
    await database.close();
  }
}
