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

/** The `data` of a paged answer (SPEC 3): rows plus where they sit in the whole list. */
export function pageOf<T>(rows: T[], total: number, request: PageRequest): Paged<T> {
  return {
    data: rows,
    current_page: request.page,
    last_page: lastPageOf(total, request.per_page),
    per_page: request.per_page,
    total,
  };
}
