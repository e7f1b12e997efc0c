import { paths, vehicleDetailResponseSchema } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET vehicle-detail: one vehicle with its documents and photos. */
export async function getVehicleDetail(vehicleId: number, signal?: AbortSignal) {
  const response = await api.get(paths.vehicleDetail, { vehicle_id: vehicleId }, { signal });
  return vehicleDetailResponseSchema.parse(response).data;
}

export const vehicleDetailQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: [paths.vehicleDetail, vehicleId],
    queryFn: ({ signal }) => getVehicleDetail(vehicleId, signal),
  });

export function useVehicleDetail(vehicleId: number) {
  return useQuery({ ...vehicleDetailQueryOptions(vehicleId), enabled: vehicleId > 0 });
}
