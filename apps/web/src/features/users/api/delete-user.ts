import { deleteDataResponseSchema, paths, type DeleteDataBody } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';

/** POST delete-data (table users): soft-deletes a company or driver; its trips stay. */
export async function deleteUser(body: DeleteDataBody) {
  const response = await api.post(paths.deleteData, body);
  return deleteDataResponseSchema.parse(response);
}

/**
 * The account leaves every list of people and the dashboard counts; a
 * company's detail (its driver count) changes; its own detail is gone.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteUser({ id, table: 'users' }),
    onSuccess: (response, id) => {
      toastSuccess(translateMessage(response.message));
      queryClient.removeQueries({ queryKey: [paths.userDetail, id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [paths.userList] }),
        queryClient.invalidateQueries({ queryKey: [paths.driverList] }),
        queryClient.invalidateQueries({ queryKey: [paths.vehicleList] }),
        queryClient.invalidateQueries({ queryKey: [paths.userDetail] }),
        queryClient.invalidateQueries({ queryKey: [paths.dashboard] }),
      ]);
    },
    onError: (error) => toastError(translateMessage(errorMessage(error))),
  });
}
