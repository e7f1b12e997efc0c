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

/**
 * POST approval-user (table vehicles). Sends the decision chosen (SPEC 4
 * notes the old screen did not: ARCHITECTURE departure).
 */
export async function decideVehicleApproval(body: ApprovalBody) {
  const response = await api.post(paths.approvalUser, body);
  return approvalResponseSchema.parse(response);
}

/** Changes the vehicle lists and that vehicle's detail. */
export function useDecideVehicleApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approval }: { id: number; approval: ApprovalDecision }) =>
      decideVehicleApproval({ id, table: 'vehicles', approval }),
    onSuccess: (response, { id }) => {
      toastSuccess(translateMessage(response.message));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [paths.vehicleList] }),
        queryClient.invalidateQueries({ queryKey: [paths.vehicleDetail, id] }),
      ]);
    },
    onError: (error) => toastError(translateMessage(errorMessage(error))),
  });
}
