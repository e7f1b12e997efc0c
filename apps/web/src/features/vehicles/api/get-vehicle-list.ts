import { vehicleList, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** Every vehicle, or one company's (company_id); a page at a time. */
export function useVehicleList(query: InputOf<typeof vehicleList>) {
  return useQuery({ ...queryOf(vehicleList, query), placeholderData: keepPreviousData });
}
