import { paths, rideDetailResponseSchema } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET ride-detail: one trip with its passenger, driver, vehicle and company. */
export async function getRideDetail(rideId: number, signal?: AbortSignal) {
  const response = await api.get(paths.rideDetail, { ride_id: rideId }, { signal });
  return rideDetailResponseSchema.parse(response).data;
}

export const rideDetailQueryOptions = (rideId: number) =>
  queryOptions({
    queryKey: [paths.rideDetail, rideId],
    queryFn: ({ signal }) => getRideDetail(rideId, signal),
  });

/** A trip id from the URL is a positive whole number; anything else names no trip. */
export const isRideId = (rideId: number) => Number.isInteger(rideId) && rideId > 0;

export function useRideDetail(rideId: number) {
  return useQuery({ ...rideDetailQueryOptions(rideId), enabled: isRideId(rideId) });
}
