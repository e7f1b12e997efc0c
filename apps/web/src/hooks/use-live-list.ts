import type { AnyEndpoint, Paged, RecordChangeKind } from '@cabdesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pagedQueryProps, type PagedQuery } from '@/components/data-table';
import { call, queryKeyOf, type CallArgs } from '@/lib/call';
import { useRecordChanges } from '@/lib/live-changes';
import { queryClient } from '@/lib/query-client';

/**
 * How many rows arrived, of `entered` rows new to a page of `size` while the
 * list grew by `grew`: none if it did not grow (a row that came up to fill a
 * place is no new one); at most what entered, unless all did (then more may
 * have arrived than the page holds).
 */
const arrivals = (entered: number, size: number, grew: number) =>
  entered === 0 || grew <= 0 ? 0 : entered >= size ? grew : Math.min(entered, grew);

/** What a live list shows: its rows kept in place, the page facts of now, and what arrived. */
interface LiveList<T> {
  rows: T[] | undefined;
  pageInfo: Paged<T> | undefined;
  /**
   * Rows that arrived on this page since it was shown (0: none arrived, but
   * some on screen left it), and how to show the page as it is now.
   */
  arrived: { count: number; show: () => void } | undefined;
  /** Whether a row on screen left the page since (its values are those it had). */
  left: (row: T) => boolean;
}

/**
 * A list that changes as records do without moving under the pointer (issue
 * 46): when its kinds change, the page is asked for again in the background;
 * rows on screen take their new values in place and the counts move, but a
 * row that arrived is only counted ("3 new trips") until `arrived.show()`,
 * and a row that left stays until then ("This list has changed"). What the administrator does (a new
 * page, a filter, their own action refetching the list) shows the list as it is.
 */
export function useLiveList<T>(
  shown: Paged<T> | undefined,
  source: { endpoint: AnyEndpoint; input: object },
  options: { kinds: readonly RecordChangeKind[]; rowKey: (row: T) => string | number },
): LiveList<T> {
  const { endpoint, input } = source;
  const { rowKey } = options;
  // The page asked for again, and the one on screen it was asked beside.
  const [fresh, setFresh] = useState<{ base: Paged<T>; page: Paged<T> } | null>(null);
  const shownNow = useRef(shown);
  const inputNow = useRef(input);
  useEffect(() => {
    shownNow.current = shown;
    inputNow.current = input;
  });
  const running = useRef(false);
  const again = useRef(false);

  const refresh = useCallback(async () => {
    // One request at a time; changes heard meanwhile ask once more after it.
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        const base = shownNow.current;
        const asked = inputNow.current;
        if (!base) break;
        const page = (await call(endpoint, ...([asked] as CallArgs<AnyEndpoint>))) as Paged<T>;
        // Kept only if the screen still shows that page of that list.
        const same = JSON.stringify(inputNow.current) === JSON.stringify(asked);
        if (shownNow.current === base && same) setFresh({ base, page });
      } while (again.current);
    } catch {
      // A failed refresh leaves the list as it is; the next change asks again.
    } finally {
      running.current = false;
    }
  }, [endpoint]);
  useRecordChanges(options.kinds, () => void refresh());

  const latest = fresh && shown && fresh.base === shown ? fresh.page : undefined;
  if (!shown || !latest) {
    return { rows: shown?.data, pageInfo: shown, arrived: undefined, left: () => false };
  }

  const now = new Map(latest.data.map((row) => [rowKey(row), row]));
  const onScreen = new Set(shown.data.map(rowKey));
  const newOnPage = latest.data.filter((row) => !onScreen.has(rowKey(row))).length;
  // A row that left the list (decided elsewhere, out of the filter) keeps its old values until shown.
  // Rows pushed down to the next page by as many that arrived have not left the list.
  const grew = latest.total - shown.total;
  const pushed = new Set(shown.data.slice(shown.data.length - Math.max(grew, 0)).map(rowKey));
  const gone = (row: T) => !now.has(rowKey(row)) && !pushed.has(rowKey(row));
  const left = shown.data.some(gone);
  return {
    rows: shown.data.map((row) => now.get(rowKey(row)) ?? row),
    left: gone,
    pageInfo: {
      ...shown,
      total: latest.total,
      last_page: Math.max(latest.last_page, shown.current_page),
      total_exact: latest.total_exact,
    },
    arrived:
      newOnPage > 0 || left
        ? {
            // Past the first page, rows coming in are older ones moving down.
            count: shown.current_page > 1 ? 0 : arrivals(newOnPage, latest.data.length, grew),
            show: () => queryClient.setQueryData(queryKeyOf(endpoint, input as never), latest),
          }
        : undefined,
  };
}

/**
 * A live list's DataTable props: the query's loading, error and retry, the
 * rows kept in place, and what arrived, said by `said` ("3 new trips"; when
 * rows only left, "This list has changed").
 */
export function liveTableProps<T>(
  query: PagedQuery<T>,
  live: LiveList<T>,
  said: { arrived: (count: number) => string; changed: string },
) {
  return {
    ...pagedQueryProps(query),
    rows: live.rows,
    pageInfo: live.pageInfo,
    left: live.left,
    arrived: live.arrived && {
      ...live.arrived,
      label: live.arrived.count ? said.arrived(live.arrived.count) : said.changed,
    },
  };
}
