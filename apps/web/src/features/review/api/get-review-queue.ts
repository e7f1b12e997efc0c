import { reviewQueue, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** What waits for a decision, oldest first; a page at a time. */
export function useReviewQueue(query: InputOf<typeof reviewQueue>) {
  return useQuery({ ...queryOf(reviewQueue, query), placeholderData: keepPreviousData });
}

/** How many records wait (the sidebar's count); checked again every minute. */
export function useWaitingCount() {
  return useQuery({
    ...queryOf(reviewQueue, { per_page: 1 }),
    select: (page) => page.total,
    refetchInterval: 60_000,
  });
}
