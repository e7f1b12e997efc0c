import { type ArrayOrPageQuery, type Paged, UNPAGED_LIST_MAX } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { arrayLiteral, rowsOf } from './sql';

/** A requested page: 1-based page number and page size (already validated). */
export type PageRequest = { page: number; per_page: number };

/** Rows to skip before the requested page. */
export const offsetOf = ({ page, per_page }: PageRequest) => (page - 1) * per_page;

/** The last page number; an empty list still has page 1. */
export const lastPageOf = (total: number, perPage: number) =>
  Math.max(1, Math.ceil(total / perPage));

/** True when the requested page starts past the last row: no need to ask for rows. */
export const isPastEnd = (request: PageRequest, total: number) => offsetOf(request) >= total;

/**
 * The `data` of a paged answer (SPEC 3): rows plus where they sit in the whole
 * list. `exact: false` says `total` is a lower bound (see boundedTotal).
 */
export function pageOf<T>(rows: T[], total: number, request: PageRequest, exact = true): Paged<T> {
  return {
    data: rows,
    current_page: request.page,
    last_page: lastPageOf(total, request.per_page),
    per_page: request.per_page,
    total,
    total_exact: exact,
  };
}

/** How many pages past the requested one a bounded count looks for matches. */
const LOOKAHEAD_PAGES = 10;

/**
 * How deep a bounded count may page: the first 10,000 matches, like a search
 * engine's result window. Page 1,000,000 of a search for "a" would otherwise
 * make the database list every matching trip (15 s at a million trips);
 * past the window, narrow the search.
 */
export const SEARCH_WINDOW = 10_000;

/**
 * How many list-ordered matches a bounded count asks for: every row up to the
 * end of the requested page, LOOKAHEAD_PAGES pages more (within
 * SEARCH_WINDOW), and one row more that only says whether the list goes on.
 */
export const boundedLimitOf = (request: PageRequest) =>
  Math.min(offsetOf(request) + request.per_page * (1 + LOOKAHEAD_PAGES), SEARCH_WINDOW) + 1;

/**
 * What a bounded count asks of a list's first matches: at most `limit`
 * (boundedLimitOf), and at least `need`, the rows up to the end of the
 * requested page and one more, which says whether another page follows.
 */
export type BoundedAsk = { limit: number; need: number };

export const boundedAskOf = (request: PageRequest): BoundedAsk => {
  const limit = boundedLimitOf(request);
  return { limit, need: Math.min(offsetOf(request) + request.per_page + 1, limit) };
};

/**
 * A list's first matches in list order (lib/search.ts firstMatches):
 * `complete` when they are every match up to the ask's limit, false when the
 * search stopped short of it (at least the ask's need were found).
 */
export type FirstMatches = { ids: { id: number }[]; complete: boolean };

/**
 * The page of a list known only through its first rows, `found` (in list
 * order, at most `boundedLimitOf(request)` of them), and its total: exact when
 * fewer came back and they are `complete`, otherwise a lower bound (what was
 * found: the pages shown and up to LOOKAHEAD_PAGES more, or SEARCH_WINDOW).
 * The row past the bound only says that more follow: it is never on the page.
 */
export function boundedPageOf<T>(found: T[], request: PageRequest, complete = true) {
  const limit = boundedLimitOf(request);
  const within = found.length < limit;
  const total = within ? found.length : limit - 1;
  const start = offsetOf(request);
  return {
    rows: found.slice(start, Math.min(start + request.per_page, total)),
    total,
    exact: complete && within,
  };
}

/**
 * A list SPEC 7 reads as an array (support-list, coupon-list): without `page`,
 * its first UNPAGED_LIST_MAX rows; with `page`, that page and the total.
 */
export async function arrayOrPage<T>(
  query: ArrayOrPageQuery,
  list: { rows: (limit: number, offset: number) => Promise<T[]>; count: () => Promise<number> },
): Promise<T[] | Paged<T>> {
  if (query.page === undefined) return list.rows(UNPAGED_LIST_MAX, 0);
  const request = { page: query.page, per_page: query.per_page };
  const total = await list.count();
  const rows = isPastEnd(request, total)
    ? []
    : await list.rows(request.per_page, offsetOf(request));
  return pageOf(rows, total, request);
}

/**
 * A list read by the deferred join: `ids(limit, offset)` selects the ids of
 * its rows in list order (one column, `id`), `rows(ids)` the whole rows of the
 * ids a subquery selects, in list order. With `total` known (a kept counter or
 * an exact count), the page's ids are selected. Without it (a filter no
 * counter keeps), the list counts only as far as boundedPageOf needs: the ids
 * up to ten pages ahead; `total_exact` is false when more follow.
 * `first(ask)`, when given, finds those ids, or at least those of the page,
 * instead of `ids(limit, 0)` (a trip search: lib/search.ts firstMatches).
 * The rows of the page's ids are then read by one statement.
 */
export async function pageOfList<Row, T>(
  db: Db,
  request: PageRequest,
  total: number | null,
  list: {
    ids: (limit: number, offset: number) => SQL;
    rows: (ids: SQL) => SQL;
    first?: (ask: BoundedAsk) => Promise<FirstMatches>;
  },
  toItem: (row: Row) => T,
): Promise<Paged<T>> {
  const rowsOfIds = async (ids: { id: number }[]) =>
    ids.length ? rowsOf<Row>(db, list.rows(idsOf(ids.map((row) => row.id)))) : [];
  if (total !== null) {
    if (isPastEnd(request, total)) return pageOf([], total, request);
    const ids = await rowsOf<{ id: number }>(db, list.ids(request.per_page, offsetOf(request)));
    return pageOf((await rowsOfIds(ids)).map(toItem), total, request);
  }
  const ask = boundedAskOf(request);
  const { ids: found, complete } = list.first
    ? await list.first(ask)
    : { ids: await rowsOf<{ id: number }>(db, list.ids(ask.limit, 0)), complete: true };
  const { rows: pageIds, total: counted, exact } = boundedPageOf(found, request, complete);
  return pageOf((await rowsOfIds(pageIds)).map(toItem), counted, request, exact);
}

/** A subquery selecting the given ids as `id` (one array parameter). */
const idsOf = (ids: readonly number[]) => sql`select unnest(${arrayLiteral(ids)}::int[]) as id`;

/**
 * The `order by` of a sort: the field's expression, then `tie` (the id), both
 * in the sort's direction, so rows that tie keep one order from page to page
 * and one index serves both directions.
 */
export const orderOf = (key: SQL, descending: boolean, tie: SQL) =>
  descending ? sql`${key} desc, ${tie} desc` : sql`${key} asc, ${tie} asc`;
