import { ACTIVE_STATUSES, APPROVALS, type ActiveStatus, type Approval } from '@cabdesk/contract';
import { useTableUrlState } from './use-table-url-state';

/** Page, search, status and approval of a list of people, from the URL. */
export function usePersonTableState() {
  const table = useTableUrlState<'status' | 'approval'>({
    filters: { status: ACTIVE_STATUSES, approval: APPROVALS },
  });
  return {
    ...table,
    query: {
      page: table.page,
      search: table.search || undefined,
      status: (table.filters.status || undefined) as ActiveStatus | undefined,
      approval: (table.filters.approval || undefined) as Approval | undefined,
    },
  };
}
