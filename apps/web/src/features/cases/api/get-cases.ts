import { caseList, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';
import { useRecordChanges } from '@/lib/live-changes';

/** The case desk's list: open SOS first, then by deadline; a page at a time. */
export function useCases(query: InputOf<typeof caseList>) {
  return useQuery({ ...queryOf(caseList, query), placeholderData: keepPreviousData });
}

/** The count open of each kind (the sidebar's badge); asked again as cases change and every minute. */
export function useOpenCaseCounts() {
  const query = useQuery({
    ...queryOf(caseList, { status: 'open', per_page: 1 }),
    select: (page) => page.open_counts,
    refetchInterval: 60_000,
  });
  useRecordChanges(['cases'], () => void query.refetch());
  return query;
}
