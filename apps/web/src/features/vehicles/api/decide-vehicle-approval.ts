import { approvalUser, vehicleDetail, vehicleList, type ApprovalDecision } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/**
 * approval-user (table vehicles): sends the decision chosen (SPEC 4 notes the
 * old screen did not: ARCHITECTURE departure). Changes the vehicle lists and
 * that vehicle's detail.
 */
export function useDecideVehicleApproval() {
  return useMutation({
    mutationFn: ({ id, approval }: { id: number; approval: ApprovalDecision }) =>
      send(approvalUser, { id, table: 'vehicles', approval }),
    meta: { successToast: true },
    onSuccess: (_, { id }) =>
      Promise.all([invalidate(vehicleList), invalidate(vehicleDetail, { vehicle_id: id })]),
  });
}
