import { ACTIVE_STATUSES, APPROVALS } from '@cabdesk/contract';
import type { FilterKind } from './table-url-state';
import { useTableUrlState, type UseTableUrlStateOptions } from './use-table-url-state';

/** What a list of people filters by: status, approval, registration days. */
export const PERSON_FILTERS = {
  status: { one: ACTIVE_STATUSES },
  approval: { one: APPROVALS },
  from: 'date',
  to: 'date',
} satisfies Record<string, FilterKind>;

export type PersonFilter = keyof typeof PERSON_FILTERS;

/**
 * Page, page size, sort, search and filters of a list of people, from the
 * URL. Passengers have no approval (SPEC), so theirs is not read.
 */
export function usePersonTableState(
  options: Omit<UseTableUrlStateOptions<PersonFilter>, 'filters'> & { approval?: boolean },
) {
  const { approval = true, ...rest } = options;
  const { approval: _, ...withoutApproval } = PERSON_FILTERS;
  return useTableUrlState<PersonFilter>({
    ...rest,
    filters: approval ? PERSON_FILTERS : (withoutApproval as typeof PERSON_FILTERS),
  });
}
