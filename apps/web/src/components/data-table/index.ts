export {
  DataTable,
  pagedQueryProps,
  type Column,
  type PagedQuery,
  type PageInfo,
} from './data-table';
export { SearchBox, SEARCH_DEBOUNCE_MS } from './search-box';
export { TablePagination } from './table-pagination';
export { FilterSelect } from './filter-select';
