import { dashboardResponseSchema, paths } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getDashboard(signal?: AbortSignal) {
  const response = await api.get(paths.dashboard, undefined, { signal });
  return dashboardResponseSchema.parse(response).data;
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
