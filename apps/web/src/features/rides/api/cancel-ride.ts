import { rideCancel, rideDetail, rideList, rideTimeline } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { invalidate, mutationOf, queryOf } from '@/lib/call';

/**
 * An administrator rejects a Pending or Accepted trip. The answer is the trip
 * as it now stands: it replaces the cached detail, and the trip lists are
 * refetched. A refusal (the trip moved on, 409) refetches the detail so the
 * page shows the trip's real state. The server's message is the toast either
 * way (SPEC 8).
 */
export function useCancelRide() {
  return useMutation({
    ...mutationOf(rideCancel),
    meta: { successToast: true },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryOf(rideDetail, { ride_id: data.id }).queryKey, data);
      return Promise.all([invalidate(rideList), invalidate(rideTimeline, { ride_id: data.id })]);
    },
    onError: (_error, { ride_id }) =>
      Promise.all([invalidate(rideDetail, { ride_id }), invalidate(rideList)]),
  });
}
