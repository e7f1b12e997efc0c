import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_KEYS,
  nextParams,
  readChoice,
  readPage,
  type TableUrlKeys,
} from './table-url-state';

export interface UseTableUrlStateOptions<F extends string> {
  keys?: Partial<TableUrlKeys>;
  /** Filters kept in the URL, each with its allowed values (anything else reads as none). */
  filters?: Record<F, readonly string[]>;
  /** Other page parameters of the same URL that a new search or filter also resets. */
  otherPageKeys?: readonly string[];
}

/**
 * A list's page, search and filters live in the URL, so reload, back and a
 * shared link reopen the same view (shadcn-admin `use-table-url-state`).
 * Changing the search or a filter goes back to page 1.
 */
export function useTableUrlState<F extends string = never>(
  options: UseTableUrlStateOptions<F> = {},
) {
  const [params, setParams] = useSearchParams();
  const keys = { ...DEFAULT_KEYS, ...options.keys };
  const pageKeys = [keys.page, ...(options.otherPageKeys ?? [])];
  const filterDefs = (options.filters ?? {}) as Record<F, readonly string[]>;

  const page = readPage(params.get(keys.page));
  const search = (params.get(keys.search) ?? '').trim();
  const filters = Object.fromEntries(
    Object.entries(filterDefs).map(([key, allowed]) => [
      key,
      readChoice(params.get(key), allowed as readonly string[]),
    ]),
  ) as Record<F, string>;

  const pageKeysId = pageKeys.join(',');
  const update = useCallback(
    (changes: Record<string, string | number | null>, replace = false) => {
      setParams((current) => nextParams(current, changes, pageKeysId.split(',')), { replace });
    },
    [setParams, pageKeysId],
  );

  const setPage = useCallback((next: number) => update({ [keys.page]: next }), [update, keys.page]);
  const setSearch = useCallback(
    (next: string) => update({ [keys.search]: next }),
    [update, keys.search],
  );
  const setFilter = useCallback(
    (key: F, value: string | null) => update({ [key]: value }),
    [update],
  );

  /** What the list's call is asked: the page, the search and the filters (blanks are left out). */
  const query = { page, search, ...filters };
  return { page, search, filters, query, setPage, setSearch, setFilter, params };
}
