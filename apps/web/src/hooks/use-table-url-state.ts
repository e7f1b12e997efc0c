import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { adminTimeZone } from '@/lib/format';
import { rememberPageSize, storedPageSize } from '@/lib/storage';
import {
  columnParams,
  DEFAULT_PAGE_SIZE,
  nextParams,
  readFilter,
  readHidden,
  readPage,
  readPageSize,
  readSort,
  type FilterKind,
  type PageSize,
} from './table-url-state';

export interface UseTableUrlStateOptions<F extends string> {
  /** Names the list for the page size remembered on it ('trips', 'company-drivers'). */
  list: string;
  /**
   * Starts this list's own parameters (page, page size, sort, filters) when
   * several lists share one URL: `driver_` gives `driver_page`, `driver_sort`.
   * The search is shared.
   */
  prefix?: string;
  /** Other page parameters of the same URL that a new search also resets. */
  otherPageKeys?: readonly string[];
  /** The fields the list sorts by, as its call names them. */
  sorts?: readonly string[];
  /** Filters kept in the URL, each with what it holds (anything else reads as none). */
  filters?: Record<F, FilterKind>;
}

/**
 * A list's page, page size, sort, search, filters and hidden columns as its
 * URL's parameters say (the page size remembered on the list when they name
 * none), and what its call is asked: page, page size, sort, search and
 * filters (blanks left out), and with days the time zone they are counted in.
 * Without React, so that a route can start the call before its screen
 * renders (app/screen-calls.ts).
 */
export function readTable<F extends string = never>(
  params: URLSearchParams,
  options: UseTableUrlStateOptions<F>,
) {
  const { list, prefix = '', sorts = [] } = options;
  const kinds = (options.filters ?? {}) as Record<F, FilterKind>;
  const page = readPage(params.get(`${prefix}page`));
  const perPage: PageSize =
    readPageSize(params.get(`${prefix}per_page`)) ??
    readPageSize(String(storedPageSize(list))) ??
    DEFAULT_PAGE_SIZE;
  const search = (params.get('search') ?? '').trim();
  const sort = readSort(params.get(`${prefix}sort`), sorts);
  const filterNames = Object.keys(kinds) as F[];
  const filters = Object.fromEntries(
    filterNames.map((key) => [key, readFilter(params.get(`${prefix}${key}`), kinds[key])]),
  ) as Record<F, string>;

  const query: { page: number; per_page: number } & Record<string, string | number> = {
    page,
    per_page: perPage,
  };
  if (search) query.search = search;
  if (sort) query.sort = sort;
  for (const key of filterNames) if (filters[key] !== '') query[key] = filters[key];
  // Days are the administrator's: the call is told whose time zone they are in.
  if (filterNames.some((key) => kinds[key] === 'date' && filters[key] !== '')) {
    query.tz = adminTimeZone();
  }
  // The columns hidden and shown beyond the list's defaults, each as one string (`email,phone`).
  const hiddenId = readHidden(params.get(`${prefix}hide`)).join(',');
  const shownId = readHidden(params.get(`${prefix}show`)).join(',');
  return { page, perPage, search, sort, filters, query, hiddenId, shownId };
}

/**
 * A list's page, page size, sort, search, filters and hidden columns live in the URL, so
 * reload, back and a shared link reopen the same view (shadcn-admin
 * `use-table-url-state`). The page size chosen is also remembered per list
 * and used when the URL names none. Changing anything but the page goes back
 * to page 1.
 */
export function useTableUrlState<F extends string = never>(options: UseTableUrlStateOptions<F>) {
  const [params, setParams] = useSearchParams();
  // The URL is read in one call: the React Compiler keeps the memos below only if what they
  // depend on is not passed to a call (or a method called on it) after it is read.
  const { page, perPage, search, sort, filters, query, hiddenId, shownId } = readTable(
    params,
    options,
  );
  const { list, prefix = '', otherPageKeys = [] } = options;
  // Its own list, not readTable's: a method called on what the call returned would cost the memos.
  const filterNames = Object.keys(options.filters ?? {}) as F[];
  const keys = {
    page: `${prefix}page`,
    perPage: `${prefix}per_page`,
    sort: `${prefix}sort`,
    hide: `${prefix}hide`,
    show: `${prefix}show`,
  };
  const pageKeysId = [keys.page, ...otherPageKeys].join(',');

  const hidden = useMemo(() => (hiddenId === '' ? [] : hiddenId.split(',')), [hiddenId]);
  const shown = useMemo(() => (shownId === '' ? [] : shownId.split(',')), [shownId]);

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      // From the address bar, not the rendered params: the router renders a
      // change late (a transition), and two changes before it (From then To)
      // would otherwise lose the first.
      setParams(() =>
        nextParams(new URLSearchParams(window.location.search), changes, pageKeysId.split(',')),
      );
    },
    [setParams, pageKeysId],
  );

  const setPage = useCallback((next: number) => update({ [keys.page]: next }), [update, keys.page]);
  const setPerPage = useCallback(
    (next: PageSize) => {
      rememberPageSize(list, next);
      update({ [keys.perPage]: next === DEFAULT_PAGE_SIZE ? null : next });
    },
    [update, list, keys.perPage],
  );
  const setSearch = useCallback((next: string) => update({ search: next }), [update]);
  const setSort = useCallback((next: string) => update({ [keys.sort]: next }), [update, keys.sort]);
  /**
   * Hides these columns and shows the others: `hide=email,phone` for those
   * hidden beyond the list's defaults, `show=dob` for defaults shown. The page
   * stays where it is.
   */
  const setHidden = useCallback(
    (next: readonly string[], defaults: readonly string[] = []) => {
      const { hide, show } = columnParams(next, defaults);
      update({ [keys.hide]: hide, [keys.show]: show, [keys.page]: page });
    },
    [update, keys.hide, keys.show, keys.page, page],
  );
  /** Sets several filters at once (a date range): one history entry. */
  const setFilters = useCallback(
    (changes: Partial<Record<F, string | null>>) =>
      update(
        Object.fromEntries(
          Object.entries(changes).map(([key, value]) => [
            `${prefix}${key}`,
            value as string | null,
          ]),
        ),
      ),
    [update, prefix],
  );
  const setFilter = useCallback(
    (key: F, value: string | null) => setFilters({ [key]: value } as Partial<Record<F, string>>),
    [setFilters],
  );
  const namesId = filterNames.join(',');
  const resetFilters = useCallback(
    () =>
      setFilters(
        Object.fromEntries(namesId.split(',').map((key) => [key, null])) as Partial<
          Record<F, null>
        >,
      ),
    [setFilters, namesId],
  );
  const activeFilters = filterNames.filter((key) => filters[key] !== '').length;

  return {
    page,
    perPage,
    search,
    sort,
    hidden,
    shown,
    filters,
    activeFilters,
    query,
    setPage,
    setPerPage,
    setSearch,
    setSort,
    setHidden,
    setFilter,
    setFilters,
    resetFilters,
  };
}

export type TableUrlState<F extends string = string> = ReturnType<typeof useTableUrlState<F>>;
