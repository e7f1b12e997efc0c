import {
  notificationReadResponseSchema,
  paths,
  type NotificationReadRequest,
} from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsQueryOptions } from './get-notifications';

/** POST notification-read: one (`notification_id`) or every notification (`all: true`). */
export async function markNotificationRead(body: NotificationReadRequest) {
  return notificationReadResponseSchema.parse(await api.post(paths.notificationRead, body)).data;
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ unread_count }, body) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) =>
        list
          ? {
              unread_count,
              data: list.data.map((n) =>
                n.read_at === null && (body.all === true || n.id === body.notification_id)
                  ? { ...n, read_at: readAt }
                  : n,
              ),
            }
          : list,
      );
    },
  });
}
