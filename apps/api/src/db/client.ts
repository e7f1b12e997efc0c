import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { PgDialect } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
import { oneQueryPerTurn } from './one-query-per-turn';
import * as schema from './schema';

/** One query API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Rows of a raw SQL statement, on either driver. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * The rows of a statement (ending in its `order by`) in batches of `batch`,
   * without holding them all: on PostgreSQL from a cursor on one pooled
   * connection, on PGlite (one process, the demo's few rows) a statement per
   * batch (`limit`/`offset` over it). Stopping the iteration early (a
   * `break`, a destroyed stream) closes the cursor and frees the connection.
   */
  batches<T>(query: SQL, batch: number): AsyncGenerator<T[], void, undefined>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets the payload of every NOTIFY sent on
   * it after commit, by this process or (PostgreSQL) any other. `onResumed`
   * is called when listening starts again after a lost connection: what was
   * sent meanwhile was missed. Answers the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  /** Hands the duration of every statement from now on, in seconds, to `observer` (metrics). */
  timeQueries(observer: QueryObserver): void;
  /** The connections: open, idle, and requests waiting for one (PGlite has one). */
  connections(): { total: number; idle: number; waiting: number };
};

type QueryObserver = (seconds: number) => void;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** PGlite options: pg_trgm must be loaded whenever a data directory is opened. */
export const pgliteOptions = { extensions: { pg_trgm } };

// node-postgres answers int8 and numeric as strings; counts are cast to int
// in SQL, numeric stays a string (exact money) on both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const MIGRATION_LOCK = 0x0cabde5c;

/**
 * Session settings of every connection. The planner keeps each query's joins
 * in the order written: our queries name the driving rows first (a page of
 * ids, one record) and look up the rest by key, and searching every join
 * order cost several times the work of the query (docs/decisions/005).
 */
const SESSION_SETTINGS = 'set join_collapse_limit = 1';

/** The session settings, on a new PostgreSQL connection (pg.Pool's `onConnect`). */
export const applySessionSettings = async (client: pg.ClientBase) => {
  await client.query(SESSION_SETTINGS);
};

export type DatabaseOptions = (
  | {
      databaseUrl: string;
      poolSize?: number;
      onIdleError?: (err: Error) => void;
      /** PostgreSQL `statement_timeout` of every connection; unset: the server's. */
      statementTimeoutMs?: number;
    }
  | { dataDir: string; statementTimeoutMs?: number }
  | { pglite: PGliteInterface }
) & {
  /** Sees every statement sent (tests count round trips with it). */
  logger?: Logger;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Awaited by the pool before a new connection's first checkout.
      onConnect: applySessionSettings,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle connection dropped by the server (restart, failover, terminated backend) is
    // replaced on the next checkout; without this listener the process would crash.
    pool.on('error', (err) => options.onIdleError?.(err));
    let observer: QueryObserver | undefined;
    pool.on('connect', (client) => timeEachQuery(client, () => observer));
    const db = drizzlePg(pool, { schema, logger: options.logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
      batches: <T>(query: SQL, batch: number) => cursorBatches<T>(pool, query, batch),
      migrate: async () => {
        // Instances starting together take turns; the loser finds nothing left to apply.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
      listen: (channel, onPayload, onResumed) =>
        listenPostgres(options.databaseUrl, channel, onPayload, onResumed, options.onIdleError),
      timeQueries: (next) => {
        observer = next;
      },
      connections: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  let client: PGliteInterface;
  let releaseLock = () => {};
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
    client = await PGlite.create({ dataDir: options.dataDir, ...pgliteOptions }).catch(
      (err: unknown) => {
        releaseLock();
        throw err;
      },
    );
    if (options.statementTimeoutMs) {
      await client.exec(`set statement_timeout = ${Math.floor(options.statementTimeoutMs)}`);
    }
  }
  await client.exec(SESSION_SETTINGS);
  const turns = oneQueryPerTurn(client as PGlite);
  const db = drizzlePglite({
    client: turns.client,
    schema,
    logger: options.logger,
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    batches: async function* <T>(query: SQL, batch: number) {
      for (let offset = 0; ; offset += batch) {
        const { rows } = (await db.execute(
          sql`select * from (${query}) q limit ${batch} offset ${offset}`,
        )) as unknown as { rows: T[] };
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close().finally(releaseLock),
    listen: async (channel, onPayload) => {
      // PGlite is one process: its own LISTEN/NOTIFY, delivered after commit like PostgreSQL's.
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    timeQueries: (observer) => turns.timeEach(observer),
    connections: () => ({ total: 1, idle: turns.busy() ? 0 : 1, waiting: turns.waiting() }),
  };
}

/**
 * A dedicated connection that stays in LISTEN (a pooled one would be handed
 * to other queries). A dropped connection is replaced, with growing pauses,
 * until the returned function is called.
 */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResumed?: () => void,
  onError?: (err: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (err) => {
      onError?.(err);
      if (client === next) reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    retryMs = 500;
  };
  const reconnect = () => {
    client = undefined;
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(onResumed, (err: unknown) => {
        onError?.(err as Error);
        retryMs = Math.min(retryMs * 2, 30_000);
        reconnect();
      });
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

/**
 * Times every query of a pooled connection (a transaction's statements one
 * by one): node-postgres has no hook for it, so `query` is wrapped, as
 * tracing libraries do. Costs two clock reads when nobody observes.
 */
function timeEachQuery(client: pg.PoolClient, observerOf: () => QueryObserver | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const observer = observerOf();
    if (!observer) return query(...args);
    const start = performance.now();
    const done = () => observer((performance.now() - start) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // Pool.query's style: the answer comes to the callback.
      args[last] = (err: unknown, result: unknown) => {
        done();
        (callback as (err: unknown, result: unknown) => void)(err, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  };
}

/** True when the database answers a trivial query. */
export async function ping(database: Database): Promise<boolean> {
  try {
    await database.rows(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

const dialect = new PgDialect();

/** A PostgreSQL cursor's batches (see Database.batches); closed however the loop ends. */
async function* cursorBatches<T>(pool: pg.Pool, query: SQL, batch: number) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  let broken = false;
  try {
    // Every read of a cursor belongs to one statement, so statement_timeout would cut
    // an export that takes longer than it at its client's pace (a million trips: ~20 s),
    // leaving a truncated file. The transaction keeps the change to this read.
    await client.query('begin read only');
    await client.query('set local statement_timeout = 0');
    const cursor = client.query(new Cursor<T>(text, params as unknown[]));
    try {
      for (;;) {
        const rows = await cursor.read(batch);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    } finally {
      await cursor.close();
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // Read only: ending it either way is the same. A connection that cannot end it
    // (or whose cursor failed) is not handed to another query.
    if (!broken) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
    }
    client.release(broken);
  }
}
