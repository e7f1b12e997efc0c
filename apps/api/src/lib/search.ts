import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type BoundedAsk, type FirstMatches, orderOf } from './paging';
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
 * Whether a trigram index can list a term's matches: pg_trgm draws trigrams
 * from its runs of three letters or digits (a shorter term, "qz", has none,
 * and the index would hand back every row for a recheck: 280 ms of the
 * passengers' index, 412 ms a lookup).
 */
export const hasTrigram = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/**
 * contains for a lookup's rare way (someMatches), once its walk has met few
 * matches: the pattern reaches the plan as the value of an InitPlan, which
 * the planner cannot read, so it estimates every term alike and serves it by
 * the trigram index, never by reading a role's people until ten match because
 * ANALYZE's sample took the term for common; and the plan, the same for every
 * term, can be prepared. Only where the term is the one condition an index
 * could serve (a role has its own partial indexes): beside another filter the
 * planner, taking the term for 0.5% of the rows, may combine the trigram index
 * with that filter's and read every row of the filter (a trip search's rare
 * way with `ride_status=Cancel`: 14 ms against 4). A term without a trigram
 * (hasTrigram) is shown to the planner as it is: no index serves it.
 */
export const containsRare = (column: SQLWrapper, term: string): SQL =>
  hasTrigram(term)
    ? sql`${column} like (select lower(${containsPattern(term)})) escape '\\'`
    : contains(column, term);

/**
 * The same match for the rows an ordered walk reads, which no index serves:
 * strpos finds the lowered term as a substring in a third less time than
 * LIKE's pattern matcher (3,300 trips: 1.5 ms against 2.3), nothing to escape.
 */
export const containsInRow = (column: SQLWrapper, term: string): SQL =>
  sql`strpos(${column}, lower(${term})) > 0`;

/**
 * How many rows of a list, in its order, a search walks for each row of the
 * page it must fill (the page and one row more: 11 on page 1, so 3,300 rows)
 * before it turns to its trigram indexes. A word found in one row of 300 or
 * more fills the page within the walk (its count then goes as far as the walk
 * went, up to ten pages ahead); a rarer word has few enough matches for the
 * indexes to list them all (at a million trips, about 3,300). The worst term
 * costs the walk plus the listing of a word just too rare for it: both grow as
 * the square root of the list's rows, which is the ratio of the trips (a
 * million rows); the smaller lists pass their own.
 */
const WALK_RATIO = 300;

/**
 * The walk ratios of the lists of a few hundred thousand rows at the large
 * scale (passengers, all users: 228,000-250,000) and of a few tens of
 * thousands (drivers, companies, a company's drivers, vehicles:
 * 2,000-20,000), by the same square root. Their newest-first walks read the
 * list's index alone, which carries each row's search text (migration 0020):
 * 3,300 passengers in about 1.5 ms, what 1,650 cost when each was a heap fetch
 * (the ratios were then 150 and 50). Twice as far for the same cost, a term
 * in one row of 300 now fills the page by the walk instead of paying the walk
 * and the listing of all its matches; the worst term, just too rare, lists at
 * most half as many (about 760 passengers, 2.2 ms).
 */
export const PEOPLE_WALK_RATIO = 300;
export const SMALL_LIST_WALK_RATIO = 100;

/**
 * The most rows a walk reads, whatever the page: a deep page of a rare term
 * (page 900 needs 9,001 matches) would otherwise walk most of a million
 * trips before the indexes list the few matches there are.
 */
const WALK_MAX = 20_000;

/** The rows a walk that must fill `need` reads at most. */
const walkBudgetOf = (need: number, ratio: number) => Math.min(need * ratio, WALK_MAX);

/**
 * How many budgets more a walk that met part of the page may go on for, where
 * the list asks (SearchWays.goesOn): it goes on when what it met, at the rate
 * it met it, fills the page within them, until the page is full, rather than
 * turn to the indexes, where each match of a term that frequent is dear to
 * list. A walk testing the trips' words goes on for two (from a third of the
 * page): a phone fragment in one trip of 400 ("6606": 7 of 11 in the first
 * 3,300 trips) walked about 1,600 trips more instead of rechecking 2,562
 * addresses whose digits share its trigrams and probing 206 people's trips:
 * 6-7 ms a request instead of 10-11. A walk testing their digits
 * (rides.digits) reads the list's index alone, at less than half the cost a
 * trip (9,900 trips: 2.8-3.4 ms against 6.3-7.4), so goes on for five (from a
 * sixth of the page): the phone fragments' worst p97.5 under ten workers went
 * from 42 to 30-34 ms of SQL on both large databases, "4882" (3 of 11 in the
 * first 3,300 trips of one) no longer listed by the indexes. The count then
 * goes as far as the page: "11+".
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
 * alone (its unread columns are dropped), and only when the walk found fewer
 * than `limit`: the answer then matters, and otherwise the index would be
 * read from the list's first row to past the span for nothing (the walk on
 * from trip 3,300 to 9,900: 3.35 ms with it, 2.85 without). Numbering the
 * walked rows instead (row_number) copied each one, text and all, and cost a
 * fifth of the walk.
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
 * A search's two ways for firstMatches; its list's walk ratio when not
 * WALK_RATIO; `goesOn`, the budgets a walk that met part of the page may go
 * on for (GOES_ON), where the rare way's matches cost more than walked rows
 * (the trips). The people's and vehicles' rare way rechecks only their own rows:
 * their searches went from 29-37 to 42-48 ms p97.5 when their walks went on
 * (then to ten pages ahead).
 */
export type SearchWays = {
  walk: (limit: number, span: WalkSpan) => SQL;
  sparse: (limit: number) => SQL;
  ratio?: number;
  goesOn?: number;
};

/**
 * The first matches of a search in list order (at most `ask.limit`, at least
 * `ask.need` or every match there is), at a cost bounded by the page asked
 * for, whatever ANALYZE sampled: the ordered walk (walkFirst) when it fills
 * the page or walks the whole list, going on for the budgets the list allows
 * when what it met, at that rate, fills the page within them (GOES_ON);
 * otherwise the term is rare there, and `sparse(limit)` lists its matches
 * through the trigram indexes (in a materialized CTE, never an ordered walk
 * over every row) and sorts them.
 * `complete` is false when the walk filled the page but was cut before
 * `ask.limit` matches: more may follow the ones found (also when the list
 * ended just where a walk that went on met the page's last match).
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
  const budget = walkBudgetOf(ask.need, search.ratio ?? WALK_RATIO);
  let { ids, cut } = await walk(ask.limit, { start: 0, rows: budget });
  const budgets = search.goesOn ?? 0;
  if (budgets && cut && ids.length < ask.need && ids.length * (1 + budgets) >= ask.need) {
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

/**
 * Any `limit` rows of a list that match a term, as a lookup wants them (the
 * command palette), in one statement whose cost the page bounds: the first
 * matches of a walk of the list's first `rows` rows in order (`window`, whose
 * rows carry `id` and `search`), then, only when the walk met fewer, rows of
 * `rare` (the same columns, the rows matching the term through a trigram
 * index: containsRare), skipping the walk's. The Limit stops the Append at
 * the walk when it fills the page, so the rare way runs only for a term
 * rare in the list. `limit` alone let the planner walk every person of a
 * role by another index, the term as a filter, when ANALYZE's sample took the
 * term for common ("6489": 90 ms p97.5 and 11 ms of SQL a call, against 2).
 * `limit` and `rows`, constants of the code, are written into the text: its
 * plan, the same for every term, can then be prepared once (preparedRowsOf).
 */
export const someMatches = (window: SQL, rare: SQL, term: string, limit: number, rows: number) => {
  const [atMost, span] = [sql.raw(String(limit)), sql.raw(String(rows))];
  return sql`with walked as (
        select w.* from (${window} limit ${span}) w
        where ${containsInRow(sql`w.search`, term)} limit ${atMost}
      )
      select * from walked
      union all (select * from (${rare}) x where x.id not in (select id from walked) limit ${atMost})
      limit ${atMost}`;
};

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
  /** Its walk ratio, when not WALK_RATIO (PEOPLE_WALK_RATIO, SMALL_LIST_WALK_RATIO). */
  ratio?: number;
};

/** firstMatches' two ways for a list searched by its rows' own `search` column. */
export function ownColumnSearch(term: string, list: OwnSearchList): SearchWays {
  const { from, row, where, key, descending, tie, ratio } = list;
  return {
    ratio,
    walk: (limit, span) =>
      walkFirst(
        sql`select ${row}.id, ${row}.search from ${from} where ${where}
            order by ${orderOf(key, descending, tie)}`,
        containsInRow(sql`w.search`, term),
        limit,
        span,
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
