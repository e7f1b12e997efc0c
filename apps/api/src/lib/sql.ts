import { createHash } from 'node:crypto';
import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';

/**
 * Rows of a raw SQL statement on either driver, inside or outside a transaction.
 * Values reach the database as parameters; only SQL fragments are spliced.
 */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The number a `select ... as n` statement answers; 0 when it answers no row. */
export async function countOf(db: Db | Tx, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, query);
  return row?.n ?? 0;
}

const dialect = new PgDialect();

/** The text of each named statement (see preparedRowsOf); the bench's floor runs them so too. */
export const preparedStatements = new Map<string, string>();

/**
 * Rows of a statement PostgreSQL parses and plans once per connection, under
 * `name`, and then only binds and runs: the detail calls, lookups by id whose
 * planning cost 3-5x their execution at a million trips (0.4-0.9 ms against
 * 0.1-0.25 ms). Its text must be the same on every call (values only as
 * parameters): a name given two texts throws. PGlite ignores the name.
 */
export async function preparedRowsOf<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  return runPrepared<T>(db, name, dialect.sqlToQuery(query));
}

/**
 * preparedRowsOf for a statement of a few texts (one for each list and sort),
 * named after its text: the page rows of a list joined by their ids
 * (lib/paging.ts pageOfList). Never for a text that varies with the filters,
 * as each connection keeps every text it prepared.
 */
export async function textPreparedRowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `t_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
  return runPrepared<T>(db, name, built);
}

async function runPrepared<T>(db: Db | Tx, name: string, built: Query): Promise<T[]> {
  const known = preparedStatements.get(name);
  if (known === undefined) preparedStatements.set(name, built.sql);
  else if (known !== built.sql) throw new Error(`prepared statement ${name}: its text changed`);
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A PostgreSQL array literal (`{1,2,3}`) of numbers or plain identifiers, bound
 * as one parameter and cast in SQL (`= any(${arrayLiteral(ids)}::int[])`): the
 * same text on both drivers. Nothing is quoted, so no commas, braces or quotes.
 */
export const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/** A timestamptz as ISO 8601 UTC text (`2024-03-05T09:12:00.000Z`), the same on both drivers. */
export const isoText = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Conditions joined with `and`; `true` when there are none. */
export const allOf = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);

/** Money and other numerics travel as text (exact), then become numbers for JSON. */
/** A json column: parsed by the driver, or by us when it is left as text. */
export const jsonOf = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export const money = (value: string | number | null | undefined) => Number(value ?? 0);

/** The start of today, UTC, as a timestamptz. */
export const startOfTodayUtc = sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;
