import { dashboard } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** The four figures of the dashboard cards. */
export function useDashboard() {
  return useQuery(queryOf(dashboard));
}
