import { statusUpdate, type ActiveStatus } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { send } from '@/lib/call';
import { accountChanged } from './account-changed';

/** status-update: Active or Inactive for a passenger, driver or company (SPEC 8: the toast). */
export function useUpdateUserStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ActiveStatus }) =>
      send(statusUpdate, { id, table: 'users', status }),
    meta: { successToast: true },
    onSuccess: (_, { id }) => accountChanged(id),
  });
}
