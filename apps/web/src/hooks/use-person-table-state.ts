import { ACTIVE_STATUSES, APPROVALS } from '@cabdesk/contract';
import { useTableUrlState } from './use-table-url-state';

const PERSON_FILTERS = { status: ACTIVE_STATUSES, approval: APPROVALS };

/** Page, search, status and approval of a list of people, from the URL. */
export function usePersonTableState() {
  return useTableUrlState<'status' | 'approval'>({ filters: PERSON_FILTERS });
}
