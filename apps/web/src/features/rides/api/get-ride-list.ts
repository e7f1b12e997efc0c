import { rideList, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** Trips, of one passenger, driver or company when user_id is given; a page at a time. */
export function useRideList(query: InputOf<typeof rideList>) {
  return useQuery({ ...queryOf(rideList, query), placeholderData: keepPreviousData });
}
