import { liveRide } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** Where a trip is on the map (`/live?ride=<id>`): its driver, or its pickup. */
export function useLiveRide(rideId: number | null) {
  return useQuery({ ...queryOf(liveRide, { ride_id: rideId ?? 0 }), enabled: rideId !== null });
}
