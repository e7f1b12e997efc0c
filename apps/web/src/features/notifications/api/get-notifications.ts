import {
  notificationResponseSchema,
  paths,
  type Notification,
  type NotificationList,
} from '@cabdesk/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  const response = await api.get(paths.notification, undefined, { signal });
  return notificationResponseSchema.parse(response).data;
}

/** SPEC 2: loaded once when the header first appears; live events keep it current. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** How many the dropdown keeps, as the server lists them. */
const KEEP = 20;

/** A notification that just arrived goes on top, unread (once, whatever the repeats). */
export function addNotification(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) => {
    if (!list || list.data.some((n) => n.id === notification.id)) return list;
    return {
      data: [notification, ...list.data].slice(0, KEEP),
      unread_count: list.unread_count + (notification.read_at === null ? 1 : 0),
    };
  });
}
