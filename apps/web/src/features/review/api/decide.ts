import {
  approvalUndo,
  approvalUser,
  expiringDocuments,
  reviewQueue,
  userDetail,
  userList,
  vehicleDetail,
  vehicleList,
  type InputOf,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/** Everything a decision or its undo makes stale: the queue, the lists, the record. */
function decided({ table, id }: { table: 'users' | 'vehicles'; id: number }) {
  return Promise.all([
    invalidate(reviewQueue),
    invalidate(expiringDocuments),
    table === 'users' ? invalidate(userList) : invalidate(vehicleList),
    table === 'users'
      ? invalidate(userDetail, { user_id: id })
      : invalidate(vehicleDetail, { vehicle_id: id }),
  ]);
}

/**
 * approval-user from the review screen, with the reason and the documents'
 * expiry dates. The screen shows its own toast (with Undo), so none here.
 * The refetches are not waited for: the screen moves on to the next record
 * before the decided one leaves the queue.
 */
export function useDecide() {
  return useMutation({
    mutationFn: (input: InputOf<typeof approvalUser>) => send(approvalUser, input),
    onSuccess: (_, { table, id }) => {
      void decided({ table, id: Number(id) });
    },
  });
}

/** approval-undo: takes one's own decision back (the server allows 30 s). */
export function useUndoDecision() {
  return useMutation({
    mutationFn: (input: InputOf<typeof approvalUndo>) => send(approvalUndo, input),
    meta: { successToast: true },
    onSuccess: (_, { table, id }) => decided({ table, id: Number(id) }),
  });
}
