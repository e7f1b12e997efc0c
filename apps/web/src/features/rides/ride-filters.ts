import { RIDE_SORTS, RIDE_STATUSES } from '@cabdesk/contract';
import type { FilterKind } from '@/hooks/table-url-state';

/**
 * What a list of trips filters by: statuses (several), days in the
 * administrator's time zone, service type, price; and, of all trips, the
 * company and the driver.
 */
const RIDE_FILTERS = {
  ride_status: { many: RIDE_STATUSES },
  from: 'date',
  to: 'date',
  service_type_id: 'id',
  min_amount: 'amount',
  max_amount: 'amount',
  company_id: 'id',
  driver_id: 'id',
} satisfies Record<string, FilterKind>;

export type RideFilter = keyof typeof RIDE_FILTERS;

/** The trip list's URL state: its sorts and filters, its page size remembered as 'trips'. */
export const RIDE_TABLE = { list: 'trips', sorts: RIDE_SORTS, filters: RIDE_FILTERS };

/** A trip history's filters: those of all trips but the company and the driver. */
const { company_id: _company, driver_id: _driver, ...historyFilters } = RIDE_FILTERS;
export const HISTORY_FILTERS = historyFilters;
