import type { vehicleListQuerySchema } from '@cabdesk/contract';
import { paths, vehicleListResponseSchema } from '@cabdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The query as the client sends it (the contract's parsed shape; blanks left out). */
export type VehicleListParams = Partial<z.infer<typeof vehicleListQuerySchema>>;

/** GET vehicle-list: every vehicle, or one company's (company_id). */
export async function getVehicleList(query: VehicleListParams, signal?: AbortSignal) {
  const response = await api.get(paths.vehicleList, { ...query }, { signal });
  return vehicleListResponseSchema.parse(response).data;
}

export const vehicleListQueryOptions = (query: VehicleListParams) =>
  queryOptions({
    queryKey: [paths.vehicleList, query],
    queryFn: ({ signal }) => getVehicleList(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVehicleList(query: VehicleListParams) {
  return useQuery(vehicleListQueryOptions(query));
}
