import { ACTIVE_STATUSES, APPROVALS } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import type { PersonFilter } from '@/hooks/use-person-table-state';
import { DateRangeFilter, FilterSelect } from './data-table';

/** What the filters need of a list's URL state. */
interface FilterState<F extends string> {
  filters: Partial<Record<F, string>>;
  setFilter(key: F, value: string | null): void;
  setFilters(changes: Partial<Record<F, string | null>>): void;
}

/** A list's approval select (companies, drivers, vehicles): Pending, Approved, Rejected. */
export function ApprovalFilter({ table }: { table: FilterState<'approval'> }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={t('filters.approval')}
      placeholder={t('filters.anyApproval')}
      options={APPROVALS.map((value) => ({ value, label: t(`approval.${value}`) }))}
      value={table.filters.approval ?? ''}
      onChange={(value) => table.setFilter('approval', value)}
    />
  );
}

/**
 * The filters of a list of people: status, approval (not for passengers,
 * who have none) and the days they registered.
 */
export function PersonFilters({ table }: { table: FilterState<PersonFilter> }) {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        label={t('filters.status')}
        placeholder={t('filters.anyStatus')}
        options={ACTIVE_STATUSES.map((value) => ({ value, label: t(`activeStatus.${value}`) }))}
        value={table.filters.status ?? ''}
        onChange={(value) => table.setFilter('status', value)}
      />
      {table.filters.approval !== undefined ? <ApprovalFilter table={table} /> : null}
      <DateRangeFilter
        from={table.filters.from ?? ''}
        to={table.filters.to ?? ''}
        onChange={(changes) => table.setFilters(changes)}
      />
    </>
  );
}
