import { dashboard, dashboardTrends, getProfile, rideList } from '@cabdesk/contract';
import { RIDE_TABLE } from '@/features/rides/ride-filters';
import { readTable } from '@/hooks/use-table-url-state';
import { queryOf } from '@/lib/call';
import { prefetchForScreen } from '@/lib/query-client';

/**
 * The calls a screen opens with, by the route that shows it: the same
 * queries (keys and all) that its components ask for. Started as the route
 * matches, while the screen's code downloads, so that the screen renders
 * once with its data instead of once empty and again as each answer comes.
 */
const SCREEN_CALLS = {
  /** The signed-in frame: the role and the two-factor state come first. */
  shell: () => [prefetchForScreen(queryOf(getProfile))],
  dashboard: () => [
    prefetchForScreen(queryOf(dashboard)),
    prefetchForScreen(queryOf(dashboardTrends)),
  ],
  trips: (url: URL) => [
    prefetchForScreen(queryOf(rideList, readTable(url.searchParams, RIDE_TABLE).query)),
  ],
} satisfies Record<string, (url: URL) => Promise<void>[]>;

export type Screen = keyof typeof SCREEN_CALLS;

/**
 * Starts `screen`'s calls for `url`, settled when all have answered; an
 * answer fresh in the cache is not asked again. A failed call is the
 * screen's to show: its query holds the error.
 */
export function startScreenCalls(screen: Screen, url: URL): Promise<unknown> {
  return Promise.all(SCREEN_CALLS[screen](url));
}
