export {
  DataTable,
  indexColumn,
  pagedQueryProps,
  type Column,
  type ListControls,
  type PagedQuery,
} from './data-table';
export { ListBar } from './list-bar';
export { SearchBox } from './search-box';
export {
  AmountRangeFilter,
  DateRangeFilter,
  FilterMultiSelect,
  FilterSelect,
  RecordFilter,
  type FilterOption,
} from './filter-fields';
export type { ListSource } from './export-button';
export type { BulkOptions } from './bulk-actions';
export { filterOf } from './selection';
