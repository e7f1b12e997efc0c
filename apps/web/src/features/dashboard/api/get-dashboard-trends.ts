import { dashboardTrends } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** Trips and revenue per day, trips per status, records waiting for approval. */
export function useDashboardTrends() {
  return useQuery(queryOf(dashboardTrends));
}
