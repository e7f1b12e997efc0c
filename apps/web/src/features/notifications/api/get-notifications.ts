import { notificationResponseSchema, paths } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getNotifications(signal?: AbortSignal) {
  const response = await api.get(paths.notification, undefined, { signal });
  return notificationResponseSchema.parse(response).data.data;
}

/** SPEC 2: loaded once when the header first appears, never refetched by itself. */
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
