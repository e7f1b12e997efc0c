import {
  paths,
  statusUpdateResponseSchema,
  type ActiveStatus,
  type StatusUpdateBody,
} from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';

/** POST status-update: Active or Inactive for a passenger, driver or company. */
export async function updateUserStatus(body: StatusUpdateBody) {
  const response = await api.post(paths.statusUpdate, body);
  return statusUpdateResponseSchema.parse(response);
}

/**
 * Changes the lists that show the status (user-list, driver-list) and the
 * account's detail; the server's message is the toast (SPEC 8).
 */
export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ActiveStatus }) =>
      updateUserStatus({ id, table: 'users', status }),
    onSuccess: (response, { id }) => {
      toastSuccess(translateMessage(response.message));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [paths.userList] }),
        queryClient.invalidateQueries({ queryKey: [paths.driverList] }),
        queryClient.invalidateQueries({ queryKey: [paths.userDetail, id] }),
      ]);
    },
    onError: (error) => toastError(translateMessage(errorMessage(error))),
  });
}
