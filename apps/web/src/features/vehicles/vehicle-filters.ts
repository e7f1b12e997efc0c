import { APPROVALS, VEHICLE_SORTS } from '@cabdesk/contract';
import type { FilterKind } from '@/hooks/table-url-state';

/** What a list of vehicles filters by: approval, service type, vehicle type (and, of all companies', the company). */
export const VEHICLE_FILTERS = {
  approval: { one: APPROVALS },
  service_type_id: 'id',
  vehicle_type_id: 'id',
  company_id: 'id',
} satisfies Record<string, FilterKind>;

/** The vehicle list's URL state: its sorts and filters, its page size remembered as 'vehicles'. */
export const VEHICLE_TABLE = { list: 'vehicles', sorts: VEHICLE_SORTS, filters: VEHICLE_FILTERS };
