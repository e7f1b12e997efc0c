import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { BoundedAsk, FirstMatches } from './paging';
import { rowsOf } from './sql';

/**
 * `%`, `_` and `\` are wildcards or the escape character of LIKE; escaped here so
 * a search for `50%` or `a_b` matches those characters literally.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a substring search: `%term%`, the term matched literally. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * A case-insensitive substring match on a `search` column, which holds the
 * lower() of its fields: the term is lowered by the same function and matched
 * with LIKE, cheaper than ILIKE, which lowers every row again. The term is
 * bound as a parameter, and the pg_trgm GIN indexes serve LIKE as they serve
 * ILIKE. People, vehicles and the command palette search with this alone, one
 * more condition of the list's query; the trips need firstMatches
 * (docs/decisions/013).
 */
export const contains = (column: SQLWrapper, term: string): SQL =>
  sql`${column} like lower(${containsPattern(term)}) escape '\\'`;

/**
 * A phone number as an operator pastes it ("(717) 157-3947", "+1 717-157-3947",
 * "717.157.3947"): its digits, the number stored (SPEC's 10-digit mobile
 * number, the trips' runs of digits) being digits alone; a country code before
 * ten digits is dropped. Null for any other term: digits alone already, too few
 * digits to be a phone number (a house number range "12-14"), or any letter.
 */
export function phoneDigitsOf(term: string): string | null {
  if (!/^\+?[\d\s().\-/]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  if (digits.length < 7 || digits === term) return null;
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/**
 * A licence plate typed with other separators than it was written with
 * ("lwn 2992", "LWN.2992" for "LWN-2992"): its letters and digits alone, which
 * the vehicles' search text also holds (migration 0027). Null for a term that
 * is not one plate: no separator, no digit, or more than three parts.
 */
export function plateOf(term: string): string | null {
  if (!/^[\p{L}\d]+(?:[\s.\-_/]+[\p{L}\d]+){1,3}$/u.test(term) || !/\d/.test(term)) return null;
  return term.replace(/[\s.\-_/]+/g, '');
}

/**
 * `contains` that forgives the way a term was typed: a pasted phone number
 * also matches by its digits (phoneDigitsOf), and, with `plate`, a plate by
 * its letters and digits (plateOf). Any other term is the one plain condition
 * (docs/decisions/013); the trigram index serves each alternative.
 */
export const matches = (column: SQLWrapper, term: string, options: { plate?: boolean } = {}) => {
  const alternatives = new Set([term, phoneDigitsOf(term), options.plate ? plateOf(term) : null]);
  const terms = [...alternatives].filter((t): t is string => Boolean(t));
  if (terms.length === 1) return contains(column, term);
  return sql`(${sql.join(
    terms.map((t) => contains(column, t)),
    sql` or `,
  )})`;
};

/**
 * The same match for the rows an ordered walk reads, which no index serves:
 * strpos finds the lowered term as a substring faster than LIKE's pattern
 * matcher, and there is nothing to escape.
 */
export const containsInRow = (column: SQLWrapper, term: string): SQL =>
  sql`strpos(${column}, lower(${term})) > 0`;

/**
 * How many trips, in list order, a search walks for each row of the page it
 * must fill (the page and one row more) before it turns to the trigram
 * indexes: a word found in one trip of WALK_RATIO fills the page within the
 * walk, and a rarer word has few enough matches for the indexes to list them
 * all. Both costs grow as the square root of the list's rows.
 */
const WALK_RATIO = 300;

/**
 * The most rows a walk reads, whatever the page: a deep page of a rare term
 * would otherwise walk most of the trips before the indexes list the few
 * matches there are.
 */
const WALK_MAX = 20_000;

/**
 * How many budgets more a walk that met part of the page may go on for: it
 * goes on when what it met, at the rate it met it, fills the page within them,
 * rather than turn to the indexes, where each match of a term that frequent is
 * dear to list. A walk testing the trips' digits (rides.digits) reads the
 * list's index alone, at less than half the cost of one testing their words,
 * so it may go further.
 */
export const GOES_ON = { words: 2, digits: 5 };

/** The rows of a list a walk reads: `rows` of them, from the `start`-th (0 first). */
export type WalkSpan = { start: number; rows: number };

/**
 * The first `limit` matches among a span of a list's rows, in list order, as
 * `id`, and one row more, marked `beyond`, when the list has rows past the
 * span (the walk was cut, not finished). `window` selects the list's rows in
 * order (every filter but the search, ending in its `order by`) with the
 * columns `match` reads on `w`. The window is cut before the match filters
 * it, so no statistics can turn the plan around: it walks the list's ordered
 * index and stops at the `limit`-th match, or at the end of the span.
 * Whether rows lie past the span is asked of the window again, by its index
 * alone, and only when the walk found fewer than `limit`.
 */
export const walkFirst = (window: SQL, match: SQL, limit: number, span: WalkSpan): SQL =>
  sql`with met as (
        select w.id from (${window} offset ${span.start} limit ${span.rows}) w
        where ${match} limit ${limit}
      )
      select id, false as beyond from met
      union all (select null, true from (${window} offset ${span.start + span.rows} limit 1) w
        where (select count(*) from met) < ${limit})`;

/**
 * A search's two ways for firstMatches: the ordered walk, and `sparse`, the
 * matches listed through the trigram indexes; `goesOn`, the budgets a walk
 * that met part of the page may go on for (GOES_ON).
 */
export type SearchWays = {
  walk: (limit: number, span: WalkSpan) => SQL;
  sparse: (limit: number) => SQL;
  goesOn: number;
};

/**
 * The first matches of a search in list order (at most `ask.limit`, at least
 * `ask.need` or every match there is), at a cost bounded by the page asked
 * for, whatever ANALYZE sampled: the ordered walk (walkFirst) when it fills
 * the page or walks the whole list, going on for the budgets allowed when what
 * it met, at that rate, fills the page within them; otherwise the term is rare
 * there, and `sparse(limit)` lists its matches through the trigram indexes and
 * sorts them. `complete` is false when the walk filled the page but was cut
 * before `ask.limit` matches: more may follow the ones found.
 */
export async function firstMatches(
  db: Db,
  ask: BoundedAsk,
  search: SearchWays,
): Promise<FirstMatches> {
  const walk = async (limit: number, span: WalkSpan) => {
    const walked = await rowsOf<{ id: number; beyond: boolean }>(db, search.walk(limit, span));
    const ids = walked.filter((row) => !row.beyond).map((row) => row.id);
    // A walk that met its limit stopped there, and walkFirst asked no further.
    return { ids, cut: ids.length >= limit || ids.length < walked.length };
  };
  const budget = Math.min(ask.need * WALK_RATIO, WALK_MAX);
  let { ids, cut } = await walk(ask.limit, { start: 0, rows: budget });
  const budgets = search.goesOn;
  if (cut && ids.length < ask.need && ids.length * (1 + budgets) >= ask.need) {
    const rows = Math.min(budget * budgets, WALK_MAX);
    const further = await walk(ask.need - ids.length, { start: budget, rows });
    ids = [...ids, ...further.ids];
    cut = further.cut;
  }
  const found = ids.map((id) => ({ id }));
  if (!cut || ids.length >= ask.limit) return { ids: found, complete: true };
  if (ids.length >= ask.need) return { ids: found, complete: false };
  return { ids: await rowsOf<{ id: number }>(db, search.sparse(ask.limit)), complete: true };
}
