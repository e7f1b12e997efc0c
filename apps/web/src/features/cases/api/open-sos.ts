import { caseList } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';
import { useRecordChanges } from '@/lib/live-changes';

/** How many unacknowledged SOS the banner names at most (the desk lists them all). */
const SHOWN = 5;

/**
 * Every SOS still New: what the banner on every panel shows until someone
 * acknowledges it. Asked again the moment cases change (the notification
 * stream's `changes`, and the SOS notification itself: `onSos`), and every
 * 15 seconds should the stream be down.
 */
export function useOpenSos() {
  const query = useQuery({
    ...queryOf(caseList, { kind: 'sos', status: 'New', per_page: SHOWN }),
    refetchInterval: 15_000,
  });
  useRecordChanges(['cases'], () => void query.refetch());
  return query;
}
