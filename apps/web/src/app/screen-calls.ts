import {
  dashboard,
  dashboardTrends,
  driverList,
  getProfile,
  rideList,
  userList,
  vehicleList,
} from '@cabdesk/contract';
import { RIDE_TABLE } from '@/features/rides/ride-filters';
import { COMPANY_TABLE, DRIVER_TABLE, USER_TABLE } from '@/features/users/directory-tables';
import { VEHICLE_TABLE } from '@/features/vehicles/vehicle-filters';
import { readTable, type UseTableUrlStateOptions } from '@/hooks/use-table-url-state';
import { queryOf } from '@/lib/call';
import { prefetchForScreen } from '@/lib/query-client';

/** A list's page as its URL names it: what its screen asks for (`readTable`). */
const pageIn = <F extends string>(url: URL, table: UseTableUrlStateOptions<F>) =>
  readTable(url.searchParams, table).query;

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
  trips: (url: URL) => [prefetchForScreen(queryOf(rideList, pageIn(url, RIDE_TABLE)))],
  users: (url: URL) => [
    prefetchForScreen(queryOf(userList, { user_type: 'User', ...pageIn(url, USER_TABLE) })),
  ],
  companies: (url: URL) => [
    prefetchForScreen(queryOf(userList, { user_type: 'Company', ...pageIn(url, COMPANY_TABLE) })),
  ],
  drivers: (url: URL) => [prefetchForScreen(queryOf(driverList, pageIn(url, DRIVER_TABLE)))],
  vehicles: (url: URL) => [prefetchForScreen(queryOf(vehicleList, pageIn(url, VEHICLE_TABLE)))],
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
