import { driverRating, driverRatingReview } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** A driver's ratings by passengers: average, count, distribution and the recent average. */
export function useDriverRating(driverId: number) {
  return useQuery(queryOf(driverRating, { driver_id: driverId }));
}

/** The drivers whose recent ratings average under the threshold, the lowest first (a first page). */
export function useRatingReview() {
  return useQuery(queryOf(driverRatingReview, { per_page: 10 }));
}
