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
  const cuts = await cutsOf(db, range);
  const at = (text: string) => sql`${text}::timestamptz`;
  const wholeDays: SQL[] = [];
  if (cuts.first_day !== null) wholeDays.push(sql`day >= ${cuts.first_day}::date`);
  if (cuts.last_day !== null) wholeDays.push(sql`day < ${cuts.last_day}::date`);
  const parts = [source.daily(allOf(wholeDays))];
  if (cuts.s !== null && cuts.head_end !== null) {
    parts.push(
      source.rows(sql`${source.at} >= ${at(cuts.s)} and ${source.at} < ${at(cuts.head_end)}`),
    );
  }
  if (cuts.e !== null && cuts.tail_start !== null) {
    parts.push(
      source.rows(sql`${source.at} >= ${at(cuts.tail_start)} and ${source.at} < ${at(cuts.e)}`),
    );
  }
  const [row] = await rowsOf<{ n: number; amount: string }>(
    db,
    sql`with parts as (${sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    )})
    select coalesce(sum(n), 0)::int as n, coalesce(sum(amount), 0)::text as amount from parts`,
  );
  return { n: row?.n ?? 0, amount: row?.amount ?? '0' };
}

/** Where totalsWithin cuts a range: instants as timestamptz text, UTC days as YYYY-MM-DD. */
type Cuts = {
  s: string | null;
  e: string | null;
  /** The UTC days [first_day, last_day) lie wholly within [s, e). */
  first_day: string | null;
  last_day: string | null;
  /** The head [s, head_end) and the tail [tail_start, e) are summed from the rows. */
  head_end: string | null;
  tail_start: string | null;
};

/**
 * Cuts already computed, by range: they depend on nothing but the range, and
 * every page, refresh and export of a filtered list asks for the same again.
 * The oldest is forgotten first.
 */
const knownCuts = new Map<string, Cuts>();
const KNOWN_CUTS = 1000;

/**
 * The cuts of a range, computed by PostgreSQL (its time zone database) in a
 * statement of their own, so the sums that follow bind them as values: the
 * planner then sees a day's worth of rows at each end, not an unknown range
 * (with unknown bounds it chose to read a status's 120,000 index entries).
 */
async function cutsOf(db: Db, range: DateRange): Promise<Cuts> {
  const { from, to, tz } = range;
  const key = `${from ?? ''}/${to ?? ''}/${tz}`;
  const known = knownCuts.get(key);
  if (known) return known;
  const utcStart = (day: string) => `((${day})::timestamp at time zone 'UTC')`;
  const [cuts] = await rowsOf<Cuts>(
    db,
    sql`
    with b as (
      select s, e,
        -- the first UTC day starting at or after s, and the UTC day e falls in
        (s at time zone 'UTC')::date + ((s at time zone 'UTC')::time > '00:00')::int as first_day,
        (e at time zone 'UTC')::date as last_day
      from (select ${from === undefined ? sql`null::timestamptz` : startOf(from, tz)} as s,
                   ${to === undefined ? sql`null::timestamptz` : endOf(to, tz)} as e) x
    )
    select s::text, e::text, first_day::text, last_day::text,
      (case when e is null then ${sql.raw(utcStart('first_day'))}
            else least(${sql.raw(utcStart('first_day'))}, e) end)::text as head_end,
      (case when s is null then ${sql.raw(utcStart('last_day'))}
            else greatest(${sql.raw(utcStart('last_day'))}, ${sql.raw(utcStart('first_day'))}) end)::text
        as tail_start
    from b`,
  );
  if (knownCuts.size >= KNOWN_CUTS) knownCuts.delete(knownCuts.keys().next().value!);
  knownCuts.set(key, cuts!);
  return cuts!;
}
