import type { driverListQuerySchema } from '@cabdesk/contract';
import { paths, userListResponseSchema } from '@cabdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The query as the client sends it (the contract's parsed shape; blanks left out). */
export type DriverListParams = Partial<z.infer<typeof driverListQuerySchema>>;

/** GET driver-list: drivers of one company (company_id), or every driver without it. */
export async function getDriverList(query: DriverListParams, signal?: AbortSignal) {
  const response = await api.get(paths.driverList, { ...query }, { signal });
  return userListResponseSchema.parse(response).data;
}

export const driverListQueryOptions = (query: DriverListParams) =>
  queryOptions({
    queryKey: [paths.driverList, query],
    queryFn: ({ signal }) => getDriverList(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDriverList(query: DriverListParams) {
  return useQuery(driverListQueryOptions(query));
}
