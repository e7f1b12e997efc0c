import { driverList, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** Drivers of one company (company_id), or every driver without it; a page at a time. */
export function useDriverList(query: InputOf<typeof driverList>) {
  return useQuery({ ...queryOf(driverList, query), placeholderData: keepPreviousData });
}
