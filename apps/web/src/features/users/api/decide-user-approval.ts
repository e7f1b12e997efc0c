import {
  approvalResponseSchema,
  paths,
  type ApprovalBody,
  type ApprovalDecision,
} from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';

/** POST approval-user (table users): approve or reject a Pending company or driver. */
export async function decideUserApproval(body: ApprovalBody) {
  const response = await api.post(paths.approvalUser, body);
  return approvalResponseSchema.parse(response);
}

/** Changes the lists showing approval (user-list, driver-list) and the account's detail. */
export function useDecideUserApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approval }: { id: number; approval: ApprovalDecision }) =>
      decideUserApproval({ id, table: 'users', approval }),
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
