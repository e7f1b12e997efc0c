import { paths, rideCancelResponseSchema, type RideCancelRequest } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';
import { rideDetailQueryOptions } from './get-ride-detail';

/** POST ride-cancel {ride_id, reason}: an administrator rejects a Pending or Accepted trip. */
export async function cancelRide(body: RideCancelRequest) {
  const response = await api.post(paths.rideCancel, body);
  return rideCancelResponseSchema.parse(response);
}

/**
 * The answer is the trip as it now stands: it replaces the cached detail, and
 * the trip lists are refetched. A refusal (the trip moved on, 409) refetches
 * the detail so the page shows the trip's real state. The server's message is
 * the toast either way (SPEC 8).
 */
export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRide,
    onSuccess: (response) => {
      queryClient.setQueryData(rideDetailQueryOptions(response.data.id).queryKey, response.data);
      toastSuccess(translateMessage(response.message));
      return queryClient.invalidateQueries({ queryKey: [paths.rideList] });
    },
    onError: (error, { ride_id }) => {
      toastError(translateMessage(errorMessage(error)));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: rideDetailQueryOptions(ride_id).queryKey }),
        queryClient.invalidateQueries({ queryKey: [paths.rideList] }),
      ]);
    },
  });
}
