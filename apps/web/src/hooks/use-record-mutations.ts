import {
  approvalUser,
  deleteData,
  type ApprovalDecision,
  type DELETABLE_TABLES,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { send } from '@/lib/call';

/**
 * The record calls of SPEC 7 that several features make, each on its own
 * table: the server's message is the toast; `then` says what became stale.
 */

/** delete-data: a soft delete (the record leaves every list; its trips and sales stay). */
export function useDeleteRecord(
  table: (typeof DELETABLE_TABLES)[number],
  then: (id: number) => unknown,
) {
  return useMutation({
    mutationFn: (id: number) => send(deleteData, { id, table }),
    meta: { successToast: true },
    onSuccess: (_, id) => then(id),
  });
}

/** approval-user: approve or reject a Pending company, driver (users) or vehicle. */
export function useDecideApproval(table: 'users' | 'vehicles', then: (id: number) => unknown) {
  return useMutation({
    mutationFn: ({ id, approval }: { id: number; approval: ApprovalDecision }) =>
      send(approvalUser, { id, table, approval }),
    meta: { successToast: true },
    onSuccess: (_, { id }) => then(id),
  });
}
