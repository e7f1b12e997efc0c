import type { rideListQuerySchema } from '@cabdesk/contract';
import { paths, rideListResponseSchema } from '@cabdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The query as the client sends it (the contract's parsed shape; blanks left out). */
export type RideListParams = Partial<z.infer<typeof rideListQuerySchema>>;

/** GET ride-list: trips, of one passenger, driver or company when user_id is given. */
export async function getRideList(query: RideListParams, signal?: AbortSignal) {
  const response = await api.get(paths.rideList, { ...query }, { signal });
  return rideListResponseSchema.parse(response).data;
}

export const rideListQueryOptions = (query: RideListParams) =>
  queryOptions({
    queryKey: [paths.rideList, query],
    queryFn: ({ signal }) => getRideList(query, signal),
    placeholderData: keepPreviousData,
  });

export function useRideList(query: RideListParams) {
  return useQuery(rideListQueryOptions(query));
}
