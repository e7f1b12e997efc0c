import { notificationSettingsGet, notificationSettingsUpdate } from '@cabdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { mutationOf, queryOf } from '@/lib/call';
import { notificationsQuery } from './get-notifications';

/** The kinds of notification this administrator muted. */
const notificationSettingsQuery = () => queryOf(notificationSettingsGet);

export function useNotificationSettings(enabled: boolean) {
  return useQuery({ ...notificationSettingsQuery(), enabled });
}

/**
 * Saves the muted kinds; the list and its unread count change with them. A
 * read of the settings still on its way is dropped first: answering after the
 * save, it put back what was muted before.
 */
export function useSaveNotificationSettings() {
  return useMutation({
    ...mutationOf(notificationSettingsUpdate),
    onMutate: () => queryClient.cancelQueries({ queryKey: notificationSettingsQuery().queryKey }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(notificationSettingsQuery().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    },
  });
}
