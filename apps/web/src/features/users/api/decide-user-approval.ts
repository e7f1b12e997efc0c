import {
  approvalUser,
  driverList,
  userDetail,
  userList,
  type ApprovalDecision,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/**
 * Approves or rejects a Pending company or driver: changes the lists showing
 * approval and the account's detail.
 */
export function useDecideUserApproval() {
  return useMutation({
    mutationFn: ({ id, approval }: { id: number; approval: ApprovalDecision }) =>
      send(approvalUser, { id, table: 'users', approval }),
    meta: { successToast: true },
    onSuccess: (_, { id }) =>
      Promise.all([
        invalidate(userList),
        invalidate(driverList),
        invalidate(userDetail, { user_id: id }),
      ]),
  });
}
