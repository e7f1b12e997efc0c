import { statusUpdate, type ActiveStatus } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { send } from '@/lib/call';
import { accountChanged } from './account-changed';

/**
 * status-update: Active or Inactive for a passenger, driver or company, with
 * the reason of a deactivation (SPEC 8: the toast).
 */
export function useUpdateUserStatus() {
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: ActiveStatus; reason?: string }) =>
      send(statusUpdate, { id, table: 'users', status, reason }),
    meta: { successToast: true },
    onSuccess: (_, { id }) => accountChanged(id),
  });
}
