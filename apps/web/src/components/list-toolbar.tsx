import { ACTIVE_STATUSES, APPROVALS } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { FilterSelect, SearchBox } from './data-table';

type Filter = 'status' | 'approval';

/** What the toolbar needs of a list's URL state (`useTableUrlState`). */
interface ListState {
  search: string;
  setSearch: (search: string) => void;
  /** The filters this list offers, each '' when none is chosen. */
  filters: Partial<Record<Filter, string>>;
  setFilter(key: Filter, value: string | null): void;
}

/** A list's search box, and its status and approval selects when it offers them. */
export function ListToolbar({ table }: { table: ListState }) {
  const { t } = useTranslation();
  const { status, approval } = table.filters;
  return (
    <>
      <SearchBox value={table.search} onSearch={table.setSearch} />
      {status !== undefined ? (
        <FilterSelect
          label={t('filters.status')}
          placeholder={t('filters.anyStatus')}
          value={status}
          options={ACTIVE_STATUSES.map((value) => ({ value, label: t(`activeStatus.${value}`) }))}
          onChange={(value) => table.setFilter('status', value)}
        />
      ) : null}
      {approval !== undefined ? (
        <FilterSelect
          label={t('filters.approval')}
          placeholder={t('filters.anyApproval')}
          value={approval}
          options={APPROVALS.map((value) => ({ value, label: t(`approval.${value}`) }))}
          onChange={(value) => table.setFilter('approval', value)}
        />
      ) : null}
    </>
  );
}
