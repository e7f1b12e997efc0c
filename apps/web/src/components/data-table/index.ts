export {
  DataTable,
  indexColumn,
  pagedQueryProps,
  type Column,
  type ListControls,
  type PagedQuery,
  type PageInfo,
} from './data-table';
export { SearchBox, SEARCH_DEBOUNCE_MS } from './search-box';
export {
  AmountRangeFilter,
  DateRangeFilter,
  FilterMultiSelect,
  FilterSelect,
  RecordFilter,
  type FilterOption,
  type OptionsQuery,
} from './filter-fields';
export type { ListSource } from './export-button';
export type { BulkOptions } from './bulk-actions';
export { filterOf } from './selection';
