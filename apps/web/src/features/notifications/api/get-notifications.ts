import { notificationList, type Notification } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { queryOf } from '@/lib/call';

/** SPEC 2: loaded once when the header first appears; live events keep it current. */
export const notificationsQuery = () => ({
  ...queryOf(notificationList),
  staleTime: Infinity,
  retry: false,
});

export function useNotifications() {
  return useQuery(notificationsQuery());
}

/** How many the dropdown keeps, as the server lists them. */
const KEEP = 20;

/** A notification that just arrived goes on top, unread (once, whatever the repeats). */
export function addNotification(notification: Notification) {
  queryClient.setQueryData(notificationsQuery().queryKey, (list) => {
    if (!list || list.data.some((n) => n.id === notification.id)) return list;
    return {
      data: [notification, ...list.data].slice(0, KEEP),
      unread_count: list.unread_count + (notification.read_at === null ? 1 : 0),
    };
  });
}
