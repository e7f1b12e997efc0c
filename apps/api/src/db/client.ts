import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** PGlite options: pg_trgm must be loaded whenever a data directory is opened. */
export const pgliteOptions = { extensions: { pg_trgm } };

// node-postgres answers int8 and numeric as strings; counts are cast to int
// in SQL, numeric stays a string (exact money) on both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const MIGRATION_LOCK = 0x0cabde5c;

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; onIdleError?: (err: Error) => void }
  | { dataDir: string }
  | { pglite: PGliteInterface };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle connection dropped by the server (restart, failover, terminated backend) is
    // replaced on the next checkout; without this listener the process would crash.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
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
    };
  }
  let client: PGliteInterface;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: options.dataDir, ...pgliteOptions });
  }
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
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
