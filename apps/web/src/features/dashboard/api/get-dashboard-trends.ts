import { dashboardTrendsResponseSchema, paths } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getDashboardTrends(signal?: AbortSignal) {
  const response = await api.get(paths.dashboardTrends, undefined, { signal });
  return dashboardTrendsResponseSchema.parse(response).data;
}

export const dashboardTrendsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'trends'],
    queryFn: ({ signal }) => getDashboardTrends(signal),
  });

export function useDashboardTrends() {
  return useQuery(dashboardTrendsQueryOptions());
}
