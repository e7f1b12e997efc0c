import { deleteDataResponseSchema, paths, type DeleteDataBody } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';

/** POST delete-data (table vehicles): soft delete; the vehicle's trips stay. */
export async function deleteVehicle(body: DeleteDataBody) {
  const response = await api.post(paths.deleteData, body);
  return deleteDataResponseSchema.parse(response);
}

/**
 * The vehicle leaves the vehicle lists; its company's vehicle count
 * (user-list, user-detail) and the dashboard count change.
 */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteVehicle({ id, table: 'vehicles' }),
    onSuccess: (response, id) => {
      toastSuccess(translateMessage(response.message));
      queryClient.removeQueries({ queryKey: [paths.vehicleDetail, id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [paths.vehicleList] }),
        queryClient.invalidateQueries({ queryKey: [paths.userList] }),
        queryClient.invalidateQueries({ queryKey: [paths.userDetail] }),
        queryClient.invalidateQueries({ queryKey: [paths.dashboard] }),
      ]);
    },
    onError: (error) => toastError(translateMessage(errorMessage(error))),
  });
}
