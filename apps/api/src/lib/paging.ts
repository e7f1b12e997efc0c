import type { Paged } from '@cabdesk/contract';

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
export const LOOKAHEAD_PAGES = 10;

/**
 * How many list-ordered matches a bounded count asks for: every row up to the
 * end of the requested page, LOOKAHEAD_PAGES pages more, and one row more that
 * only says whether the list goes on.
 */
export const boundedLimitOf = (request: PageRequest) =>
  offsetOf(request) + request.per_page * (1 + LOOKAHEAD_PAGES) + 1;

/**
 * The total of a list known only through its first `found` rows, out of the
 * `boundedLimitOf(request)` asked for: exact when fewer came back, otherwise a
 * lower bound (the pages shown and LOOKAHEAD_PAGES more).
 */
export function boundedTotal(found: number, request: PageRequest) {
  const limit = boundedLimitOf(request);
  return found < limit ? { total: found, exact: true } : { total: limit - 1, exact: false };
}
