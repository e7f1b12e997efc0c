import { caseDetail } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';
import { useRecordChanges } from '@/lib/live-changes';

/** One case with its trip, people, earlier cases and activity log; fresh as cases change. */
export function useCase(caseId: number) {
  const query = useQuery(queryOf(caseDetail, { case_id: caseId }));
  useRecordChanges(['cases'], () => void query.refetch());
  return query;
}
