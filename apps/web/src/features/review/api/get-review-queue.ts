import { reviewQueue, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';
import { useRecordChanges } from '@/lib/live-changes';

/** What waits for a decision, oldest first; a page at a time. */
export function useReviewQueue(query: InputOf<typeof reviewQueue>) {
  return useQuery({ ...queryOf(reviewQueue, query), placeholderData: keepPreviousData });
}

/** How many records wait (the sidebar's count); checked again every minute and as records change. */
export function useWaitingCount() {
  const query = useQuery({
    ...queryOf(reviewQueue, { per_page: 1 }),
    select: (page) => page.total,
    refetchInterval: 60_000,
  });
  useRecordChanges(['users', 'vehicles'], () => void query.refetch());
  return query;
}
