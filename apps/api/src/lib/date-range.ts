import type { DateRange } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { allOf, rowsOf } from './sql';

/**
 * Date ranges of the lists (issue 18): `from` and `to` are days, inclusive, in
 * the administrator's time zone `tz`, so a range is the instants from midnight
 * there at the start of `from` to midnight there at the end of `to`. PostgreSQL
 * converts with its own time zone database (an unknown name is a data
 * exception: 400).
 */

/** The first instant of `day` in `tz`. */
const startOf = (day: string, tz: string) => sql`((${day}::date)::timestamp at time zone ${tz})`;

/** The first instant after `day` in `tz`. */
const endOf = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

export const hasDates = (range: DateRange) => range.from !== undefined || range.to !== undefined;

/** Conditions keeping the rows whose timestamp `at` falls within the range (none without dates). */
export function withinRange(at: SQL, range: DateRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from !== undefined) conditions.push(sql`${at} >= ${startOf(range.from, range.tz)}`);
  if (range.to !== undefined) conditions.push(sql`${at} < ${endOf(range.to, range.tz)}`);
  return conditions;
}

/** What a daily table and its rows both sum: how many, and their amount (numeric, as text). */
export type Totals = { n: number; amount: string };

/**
 * The totals of the rows within a date range, read mostly from a table that
 * keeps them per UTC day (ride_daily, transaction_daily; kept by trigger).
 * The range's days are the administrator's, not UTC's, so it is cut in three:
 * the UTC days it covers whole come from the daily table; the part of a UTC
 * day at each end (less than a day each, or the whole range when it covers no
 * UTC day whole) is summed from the rows themselves. A month at a million
 * trips reads about 30 daily rows and two days of rows instead of 60,000.
 *
 * `daily(where)` selects `n` and `amount` from the daily table (its `day`
 * column in `where`); `rows(where)` the same sums of the rows (their time `at`
 * in `where`). Both add their own filters (a status, a method).
 */
export async function totalsWithin(
  db: Db,
  range: DateRange,
  source: { at: SQL; daily: (where: SQL) => SQL; rows: (where: SQL) => SQL },
): Promise<Totals> {
  const { from, to, tz } = range;
  const start = from === undefined ? null : startOf(from, tz);
  const end = to === undefined ? null : endOf(to, tz);
  // UTC days [firstDay, lastDay) lie wholly within [start, end).
  // Each a one-row subquery of the CTE below: computed once, usable as an index bound.
  const firstDay = sql`(select first_day from b)`;
  const lastDay = sql`(select last_day from b)`;
  const s = sql`(select s from b)`;
  const e = sql`(select e from b)`;
  const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone 'UTC')`;
  const parts: SQL[] = [];
  const wholeDays: SQL[] = [];
  if (start) wholeDays.push(sql`day >= ${firstDay}`);
  if (end) wholeDays.push(sql`day < ${lastDay}`);
  parts.push(source.daily(allOf(wholeDays)));
  if (start) {
    const headEnd = end ? sql`least(${dayStart(firstDay)}, ${e})` : dayStart(firstDay);
    parts.push(source.rows(sql`${source.at} >= ${s} and ${source.at} < ${headEnd}`));
  }
  if (end) {
    const tailStart = start
      ? sql`greatest(${dayStart(lastDay)}, ${dayStart(firstDay)})`
      : dayStart(lastDay);
    parts.push(source.rows(sql`${source.at} >= ${tailStart} and ${source.at} < ${e}`));
  }
  const [row] = await rowsOf<{ n: number; amount: string }>(
    db,
    sql`
    with b as (
      select s, e,
        -- the first UTC day starting at or after s, and the UTC day e falls in
        (s at time zone 'UTC')::date + ((s at time zone 'UTC')::time > '00:00')::int as first_day,
        (e at time zone 'UTC')::date as last_day
      from (select ${start ?? sql`null::timestamptz`} as s, ${end ?? sql`null::timestamptz`} as e) x
    ),
    parts as (${sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    )})
    select coalesce(sum(n), 0)::int as n, coalesce(sum(amount), 0)::text as amount from parts`,
  );
  return { n: row?.n ?? 0, amount: row?.amount ?? '0' };
}
