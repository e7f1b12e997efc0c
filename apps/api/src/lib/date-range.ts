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
 * The range's days are the administrator's, not UTC's, so at each end it
 * meets a UTC day partly: that part is summed from the rows themselves, or,
 * when the rest of that day is shorter, the whole day comes from the daily
 * table less the rows of the rest. So no end sums more than 12 hours of rows:
 * a month in New York reads about 30 daily rows and 9 hours of rows (it read
 * 23), Tokyo's 18 hours (24), instead of 60,000 rows.
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
  const days: SQL[] = [];
  if (cuts.first_day !== null) days.push(sql`day >= ${cuts.first_day}::date`);
  if (cuts.last_day !== null) days.push(sql`day < ${cuts.last_day}::date`);
  const parts = [source.daily(allOf(days))];
  for (const [from, to, sign] of [
    [cuts.head_from, cuts.head_to, cuts.head_sign],
    [cuts.tail_from, cuts.tail_to, cuts.tail_sign],
  ] as const) {
    if (from === null || to === null || from === to) continue;
    const rows = source.rows(
      sql`${source.at} >= ${from}::timestamptz and ${source.at} < ${to}::timestamptz`,
    );
    parts.push(sign > 0 ? rows : sql`select -n as n, -amount as amount from (${rows}) less`);
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

/**
 * Where totalsWithin cuts a range: the UTC days [first_day, last_day) taken
 * whole from the daily table (YYYY-MM-DD; null: unbounded), and at each end
 * the instants [from, to) (timestamptz text) of the rows added (sign 1) or,
 * for a whole day taken that the range only partly covers, taken away (-1).
 */
type Cuts = {
  first_day: string | null;
  last_day: string | null;
  head_from: string | null;
  head_to: string | null;
  head_sign: number;
  tail_from: string | null;
  tail_to: string | null;
  tail_sign: number;
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
  const [cuts] = await rowsOf<Cuts>(
    db,
    sql`
    with b as (
      select s, e, s0, e0,
        s0 + interval '1 day' as s1, e0 + interval '1 day' as e1,
        -- the head (from s to the end of its UTC day) is read as that whole day
        -- less its start when the start is shorter and the range covers the day's end
        s is distinct from s0 and s - s0 < interval '12 hours'
          and (e is null or e >= s0 + interval '1 day') as head_less,
        -- the tail (from its UTC day's start to e) likewise, less the rest of the day
        e is distinct from e0 and e - e0 > interval '12 hours'
          and (s is null or s <= e0) as tail_less
      from (select s, e,
              date_trunc('day', s, 'UTC') as s0, date_trunc('day', e, 'UTC') as e0
            from (select ${from === undefined ? sql`null::timestamptz` : startOf(from, tz)} as s,
                         ${to === undefined ? sql`null::timestamptz` : endOf(to, tz)} as e) x) y
    ), c as (
      select *,
        -- the first UTC day wholly within the range, and the UTC day e falls in
        case when s = s0 then s0 else s1 end as whole_start, e0 as whole_end
      from b
    )
    select
      (case when head_less then s0 else whole_start end at time zone 'UTC')::date::text as first_day,
      (case when tail_less then e1 else whole_end end at time zone 'UTC')::date::text as last_day,
      (case when head_less then s0 else s end)::text as head_from,
      (case when head_less then s
            when e is null then whole_start else least(whole_start, e) end)::text as head_to,
      case when head_less then -1 else 1 end as head_sign,
      (case when tail_less then e
            when s is null then whole_end else greatest(whole_end, whole_start) end)::text as tail_from,
      (case when tail_less then e1 else e end)::text as tail_to,
      case when tail_less then -1 else 1 end as tail_sign
    from c`,
  );
  if (knownCuts.size >= KNOWN_CUTS) knownCuts.delete(knownCuts.keys().next().value!);
  knownCuts.set(key, cuts!);
  return cuts!;
}
