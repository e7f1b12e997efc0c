import {
  driverList,
  statusUpdate,
  userDetail,
  userList,
  type ActiveStatus,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/**
 * Active or Inactive for a passenger, driver or company: changes the lists
 * that show the status and the account's detail; the server's message is the
 * toast (SPEC 8).
 */
export function useUpdateUserStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ActiveStatus }) =>
      send(statusUpdate, { id, table: 'users', status }),
    meta: { successToast: true },
    onSuccess: (_, { id }) =>
      Promise.all([
        invalidate(userList),
        invalidate(driverList),
        invalidate(userDetail, { user_id: id }),
      ]),
  });
}
