/**
 * The pure part of a list's URL state: page, page size, sort, search and
 * filters read from and written to query parameters
 * (`?page=3&per_page=25&sort=-amount&search=ann&ride_status=Pending,Accept`).
 */

/** A page number from the URL: a whole number of 1 or more, else 1. */
export function readPage(raw: string | null): number {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** The page sizes the pager offers; the first is the API's default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = PAGE_SIZES[0];

/** A page size from the URL or from storage: one the pager offers, else none. */
export function readPageSize(raw: string | null | undefined): PageSize | null {
  const size = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : null;
}

/**
 * A sort from the URL: `field` or `-field` (descending) of a field the list
 * offers, else '' (the list's default order).
 */
export function readSort(raw: string | null, fields: readonly string[]): string {
  if (raw === null) return '';
  const field = raw.startsWith('-') ? raw.slice(1) : raw;
  return fields.includes(field) ? raw : '';
}

/** The sort after a header is pressed: its first direction, then the other, then the default. */
export function nextSort(current: string, field: string, firstDescending = false): string {
  const first = firstDescending ? `-${field}` : field;
  const second = firstDescending ? field : `-${field}`;
  if (current === first) return second;
  if (current === second) return '';
  return first;
}

/** How a sort reads on a column: the direction of `field`, or none. */
export function sortDirectionOf(sort: string, field: string): 'ascending' | 'descending' | null {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return null;
}

/**
 * What a filter holds, and so what the URL may carry for it:
 * - `{ one: values }`: one of the values (a status, an approval);
 * - `{ many: values }`: several of them, comma-separated (trip statuses);
 * - `date`: a day `YYYY-MM-DD`; `id`: a record id; `amount`: dollars (12.50);
 * - `text`: a name from a list the server gives (a payment method), up to 50 characters.
 */
export type FilterKind =
  { one: readonly string[] } | { many: readonly string[] } | 'date' | 'id' | 'amount' | 'text';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a `YYYY-MM-DD` that names a day of the calendar. */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A filter value from the URL, as the list's call takes it, or '' (none, or not a value it takes). */
export function readFilter(raw: string | null, kind: FilterKind): string {
  if (raw === null) return '';
  const text = raw.trim();
  if (kind === 'date') return isDay(text) ? text : '';
  if (kind === 'id') return /^[1-9]\d{0,8}$/.test(text) ? text : '';
  if (kind === 'amount') return /^\d{1,10}(\.\d{1,2})?$/.test(text) ? text : '';
  if (kind === 'text') return text.length <= 50 ? text : '';
  if ('one' in kind) return kind.one.includes(text) ? text : '';
  // Several: the allowed ones, once each, in the order the list offers them.
  const chosen = new Set(text.split(','));
  return kind.many.filter((value) => chosen.has(value)).join(',');
}

/**
 * The next query parameters after a change: empty values and page 1 are left
 * out so a plain list keeps a plain URL; any change but the page itself goes
 * back to page 1 (of every list in `pageKeys`).
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

/** A column key as the URL carries it in `hide=email,phone` or `show=dob`. */
const COLUMN_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** Column keys from the URL's `hide` or `show`: once each (anything else dropped). */
export function readHidden(raw: string | null): string[] {
  if (raw === null) return [];
  return [...new Set(raw.split(',').map((key) => key.trim()))].filter((key) =>
    COLUMN_KEY.test(key),
  );
}

/**
 * The columns hidden: the list's `defaults` (hidden until asked for) but those
 * the URL's `show` names, and those its `hide` names.
 */
export function hiddenColumns(
  hide: readonly string[],
  show: readonly string[],
  defaults: readonly string[],
): string[] {
  return [...new Set([...defaults.filter((key) => !show.includes(key)), ...hide])];
}

/**
 * The URL's `hide` and `show` for these hidden columns: only what differs from
 * the list's defaults, '' (left out) for nothing, so a list as it comes keeps a
 * plain URL and a link or saved view says what its user changed.
 */
export function columnParams(
  hidden: readonly string[],
  defaults: readonly string[],
): { hide: string; show: string } {
  const keys = (list: readonly string[]) => readHidden(list.join(',')).join(',');
  return {
    hide: keys(hidden.filter((key) => !defaults.includes(key))),
    show: keys(defaults.filter((key) => !hidden.includes(key))),
  };
}

/** The hidden columns after one is shown or hidden, in the order of the list's columns. */
export function toggleHidden(
  hidden: readonly string[],
  key: string,
  hide: boolean,
  order: readonly string[],
): string[] {
  const next = new Set(hidden);
  if (hide) next.add(key);
  else next.delete(key);
  return order.filter((column) => next.has(column));
}

/**
 * What a saved view keeps of a list's URL: its filters, search, sort, page
 * size and hidden and shown columns, not the page it was on (`page`, `driver_page`) nor
 * a record opened beside it (`item`).
 */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) {
    const pageKey = key === 'page' || (key.endsWith('_page') && !key.endsWith('per_page'));
    if (pageKey || key === 'item') params.delete(key);
  }
  return params.toString();
}
