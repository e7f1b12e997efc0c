import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
