import { liveAlerts } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';
import { useRecordChanges } from '@/lib/live-changes';

/** How often the panel asks again with no trip changing: the live check runs every half minute. */
const REFRESH_MS = 10_000;

/** What is going wrong now (`GET live-alerts`), asked for again as trips change and every few seconds. */
export function useLiveAlerts() {
  const query = useQuery({ ...queryOf(liveAlerts), refetchInterval: REFRESH_MS });
  useRecordChanges(['rides'], () => void query.refetch());
  return query;
}

/**
 * Whether the alerts have answered (or failed), without asking for them: the
 * dashboard shows what is under the panel only then, as a long list would
 * push it down (layout shift).
 */
export function useLiveAlertsSettled() {
  return !useQuery({ ...queryOf(liveAlerts), enabled: false }).isPending;
}
