/**
 * The pure part of a list's URL state: page, search and filters read from and
 * written to query parameters (`?page=3&search=ann&status=Active`).
 */

export interface TableUrlKeys {
  /** The page parameter; lists sharing one URL use their own (e.g. `driver_page`). */
  page: string;
  search: string;
}

export const DEFAULT_KEYS: TableUrlKeys = { page: 'page', search: 'search' };

/** A page number from the URL: a whole number of 1 or more, else 1. */
export function readPage(raw: string | null): number {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** A filter value from the URL: one of the allowed values, else none. */
export function readChoice<T extends string>(raw: string | null, allowed: readonly T[]): T | '' {
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : '';
}

/**
 * The next query parameters after a change: empty values and page 1 are left
 * out so a plain list keeps a plain URL; any change but the page itself goes
 * back to page 1 (of every list in `resetPages`).
 */
export function nextParams(
  current: URLSearchParams,
  changes: Record<string, string | number | null>,
  pageKeys: readonly string[],
): URLSearchParams {
  const next = new URLSearchParams(current);
  let resetPage = false;
  for (const [key, value] of Object.entries(changes)) {
    const text = value === null ? '' : String(value).trim();
    if (text === '' || (pageKeys.includes(key) && text === '1')) next.delete(key);
    else next.set(key, text);
    if (!pageKeys.includes(key)) resetPage = true;
  }
  if (resetPage) for (const key of pageKeys) if (!(key in changes)) next.delete(key);
  return next;
}
