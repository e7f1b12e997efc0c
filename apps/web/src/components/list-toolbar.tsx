import { ACTIVE_STATUSES, APPROVALS } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { FilterSelect, SearchBox } from './data-table';

/** The filters a list of records may offer: their values, and the keys of their words. */
const FILTERS = {
  status: {
    values: ACTIVE_STATUSES,
    label: 'filters.status',
    any: 'filters.anyStatus',
    of: 'activeStatus',
  },
  approval: {
    values: APPROVALS,
    label: 'filters.approval',
    any: 'filters.anyApproval',
    of: 'approval',
  },
} as const;
type Filter = keyof typeof FILTERS;

/** What the toolbar needs of a list's URL state (`useTableUrlState`). */
interface ListState {
  search: string;
  setSearch: (search: string) => void;
  /** The filters this list offers, each '' when none is chosen. */
  filters: Partial<Record<Filter, string>>;
  setFilter(key: Filter, value: string | null): void;
}

/** A list's search box, then a select for each filter it offers (status, approval). */
export function ListToolbar({ table }: { table: ListState }) {
  const { t } = useTranslation();
  return (
    <>
      <SearchBox value={table.search} onSearch={table.setSearch} />
      {(Object.keys(FILTERS) as Filter[]).map((key) => {
        const value = table.filters[key];
        const filter = FILTERS[key];
        return value === undefined ? null : (
          <FilterSelect
            key={key}
            label={t(filter.label)}
            placeholder={t(filter.any)}
            value={value}
            options={filter.values.map((v) => ({ value: v, label: t(`${filter.of}.${v}`) }))}
            onChange={(next) => table.setFilter(key, next)}
          />
        );
      })}
    </>
  );
}
