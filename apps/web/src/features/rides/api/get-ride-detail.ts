import { rideDetail } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** A trip id from the URL is a positive whole number; anything else names no trip. */
export const isRideId = (rideId: number) => Number.isInteger(rideId) && rideId > 0;

/** One trip with its passenger, driver, vehicle and company. */
export function useRideDetail(rideId: number) {
  return useQuery({ ...queryOf(rideDetail, { ride_id: rideId }), enabled: isRideId(rideId) });
}
