import { notificationRead } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { mutationOf } from '@/lib/call';
import { notificationsQuery } from './get-notifications';

/**
 * One (`notification_id`) or every notification (`all: true`) read for this
 * administrator. The bell says itself when it fails.
 */
export function useMarkNotificationRead() {
  return useMutation({
    ...mutationOf(notificationRead),
    meta: { errorToast: false },
    onSuccess: ({ data }, input) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData(notificationsQuery().queryKey, (list) =>
        list
          ? {
              unread_count: data.unread_count,
              data: list.data.map((n) =>
                n.read_at === null && (input.all === true || n.id === input.notification_id)
                  ? { ...n, read_at: readAt }
                  : n,
              ),
            }
          : list,
      );
    },
  });
}
