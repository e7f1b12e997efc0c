import { rideRoute } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** A trip's route (points with their times) and its state changes, for its replay. */
export function useRideRoute(rideId: number) {
  return useQuery(queryOf(rideRoute, { ride_id: rideId }));
}
