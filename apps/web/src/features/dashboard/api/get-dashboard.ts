import { dashboard } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { invalidate, queryOf } from '@/lib/call';
import { useRecordChanges } from '@/lib/live-changes';

/** The four figures of the dashboard cards, asked for again as records change (issue 46). */
export function useDashboard() {
  useRecordChanges(['users', 'vehicles', 'rides', 'sales'], () => void invalidate(dashboard));
  return useQuery(queryOf(dashboard));
}
