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
 * A list of people's URL state: page, page size, sort, search and a
 * person's filters. Passengers have no approval (SPEC), so theirs is not read.
 */
export function personTable(
  options: Omit<UseTableUrlStateOptions<PersonFilter>, 'filters'> & { approval?: boolean },
): UseTableUrlStateOptions<PersonFilter> {
  const { approval = true, ...rest } = options;
  const { approval: _, ...withoutApproval } = PERSON_FILTERS;
  return {
    ...rest,
    filters: approval ? PERSON_FILTERS : (withoutApproval as typeof PERSON_FILTERS),
  };
}

/** Page, page size, sort, search and filters of a list of people, from the URL. */
export function usePersonTableState(options: Parameters<typeof personTable>[0]) {
  return useTableUrlState<PersonFilter>(personTable(options));
}
