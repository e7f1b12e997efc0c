import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderOf } from './paging';
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
 * with LIKE, a third of the cost of ILIKE (which lowers every row again;
 * measured on 250,000 users). The term is bound as a parameter, and the
 * pg_trgm GIN indexes serve LIKE as they serve ILIKE.
 */
export const contains = (column: SQLWrapper, term: string): SQL =>
  sql`${column} like lower(${containsPattern(term)}) escape '\\'`;

/**
 * How many rows of a list, in its order, a search reads for each match it
 * needs before it turns to its trigram indexes (the default; each list may
 * pass its own): a word found in at least one row of a hundred fills the 111
 * rows of a bounded count (page 1 and ten pages ahead) within 11,100 rows; a
 * rarer word has few enough matches for the indexes to list them all. The
 * worst term costs about the walk (ratio x 111 rows) plus the matches of a
 * word just too rare for it (rows / ratio).
 */
const WALK_RATIO = 100;

/**
 * The walk ratio of the lists of a few tens of thousands of rows at the large
 * scale (drivers, companies, a company's drivers, vehicles: 2,000-20,000):
 * the default walk would read more than half of them, and the matches of the
 * rarer words are few there, so they turn to the indexes sooner. Tried on two
 * databases seeded with the large scale: their worst surname 106-127 ms p97.5
 * to 65-79 (drivers), 55-65 to 39-42 (vehicles); the same for passengers
 * (45, about sqrt(rows / 111)) made "mann" (in 1-2% of them) 60% slower, and
 * the trips' 200 helped their surnames but slowed their phone fragments.
 */
export const SMALL_LIST_WALK_RATIO = 15;

/**
 * The most rows a walk reads, whatever the page: a deep page of a rare term
 * (page 900 asks for 9,101 matches) would otherwise walk most of a million
 * trips before the indexes list the few matches there are.
 */
const WALK_MAX = 20_000;

/** The rows a walk for `limit` matches reads at most. */
const walkBudgetOf = (limit: number, ratio: number) => Math.min(limit * ratio, WALK_MAX);

/**
 * The first `limit` matches of a list's first walkBudgetOf(limit, ratio) rows, in
 * list order. `window` selects the list's rows in order (every filter but the
 * search, ending in its `order by`) with the columns `match` reads on `w`. The
 * window is cut before the match filters it, so no statistics can turn the
 * plan around: it walks the list's ordered index and stops at the `limit`-th
 * match, or after walkBudgetOf(limit, ratio) rows. `ctes` are common table
 * expressions the match reads; `ratio` the list's walk ratio.
 */
export const walkFirst = (
  window: SQL,
  match: SQL,
  limit: number,
  options: { ctes?: SQL; ratio?: number } = {},
): SQL =>
  sql`${options.ctes ? sql`with ${options.ctes} ` : sql``}select w.id
      from (${window} limit ${walkBudgetOf(limit, options.ratio ?? WALK_RATIO)}) w
      where ${match} limit ${limit}`;

/**
 * The first `limit` ids of a search in list order, at a cost bounded by what
 * is asked, whatever ANALYZE sampled: the ordered walk (walkFirst) when the
 * term is common enough to fill `limit` within its walk; otherwise
 * the term is rare there, and `sparse(limit)` lists its matches through the
 * trigram indexes (in a materialized CTE, never an ordered walk over every
 * row) and sorts them.
 */
export async function firstMatches(
  db: Db,
  limit: number,
  search: { walk: (limit: number) => SQL; sparse: (limit: number) => SQL },
): Promise<{ id: number }[]> {
  const walked = await rowsOf<{ id: number }>(db, search.walk(limit));
  return walked.length >= limit ? walked : rowsOf<{ id: number }>(db, search.sparse(limit));
}

/** A list whose rows carry their own `search` column (people, vehicles) and the alias `row` of those rows. */
export type OwnSearchList = {
  /** The list's relations, e.g. `users u left join user_stats s on ...`. */
  from: SQL;
  /** Its rows (`users u`: `u`), which have the `id` and `search` columns. */
  row: SQL;
  /** Every filter but the search. */
  where: SQL;
  /** The sort's key and direction, and what breaks ties (the id of the index walked). */
  key: SQL;
  descending: boolean;
  tie: SQL;
  /** Its walk ratio, when not WALK_RATIO (SMALL_LIST_WALK_RATIO). */
  ratio?: number;
};

/** firstMatches' two ways for a list searched by its rows' own `search` column. */
export function ownColumnSearch(term: string, list: OwnSearchList) {
  const { from, row, where, key, descending, tie, ratio } = list;
  return {
    walk: (limit: number) =>
      walkFirst(
        sql`select ${row}.id, ${row}.search from ${from} where ${where}
            order by ${orderOf(key, descending, tie)}`,
        contains(sql`w.search`, term),
        limit,
        { ratio },
      ),
    sparse: (limit: number) =>
      sql`with matched as materialized (
            select ${row}.id, ${key} as sort_key from ${from}
            where ${where} and ${contains(sql`${row}.search`, term)}
          )
          select id from matched
          order by ${orderOf(sql`sort_key`, descending, sql`id`)} limit ${limit}`,
  };
}
