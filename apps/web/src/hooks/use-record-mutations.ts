import {
  approvalUser,
  deleteData,
  type AnyEndpoint,
  type ApprovalDecision,
  type DELETABLE_TABLES,
} from '@cabdesk/contract';
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';
import { queryClient } from '@/lib/query-client';
import { useMay } from './use-may';

/**
 * The record calls of SPEC 7 that several features make, each on its own
 * table; the server's message is the toast.
 */

interface Deleted {
  /** The calls whose answers the deletion makes stale (lists, counts). */
  stale: AnyEndpoint[];
  /** The cached detail of the deleted record, which is gone. */
  detailOf?: (id: number) => QueryKey;
}

/** delete-data: a soft delete (the record leaves every list; its trips and sales stay). */
export function useDeleteRecord(
  table: (typeof DELETABLE_TABLES)[number],
  { stale, detailOf }: Deleted,
) {
  const allowed = useMay().delete(table);
  const mutation = useMutation({
    mutationFn: (id: number) => send(deleteData, { id, table }),
    meta: { successToast: true },
    onSuccess: (_, id) => {
      if (detailOf) queryClient.removeQueries({ queryKey: detailOf(id) });
      return Promise.all(stale.map((endpoint) => invalidate(endpoint)));
    },
  });
  /** Whether the role may delete records of this table: else no delete is offered. */
  return Object.assign(mutation, { allowed });
}

/**
 * approval-user: approve or reject a Pending company, driver (users) or
 * vehicle, with the reason given; `then` says what became stale.
 */
export function useDecideApproval(table: 'users' | 'vehicles', then: (id: number) => unknown) {
  return useMutation({
    mutationFn: ({
      id,
      approval,
      reason,
    }: {
      id: number;
      approval: ApprovalDecision;
      reason?: string;
    }) => send(approvalUser, { id, table, approval, reason }),
    meta: { successToast: true },
    onSuccess: (_, { id }) => then(id),
  });
}
