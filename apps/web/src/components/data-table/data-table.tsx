import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/DataList.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { bulkAction, type BulkAction, type Paged } from '@cabdesk/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
  DataList,
} from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hiddenColumns, nextSort, sortDirectionOf } from '@/hooks/table-url-state';
import type { TableUrlState } from '@/hooks/use-table-url-state';
import { useIsPhone } from '@/hooks/use-is-phone';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useMay } from '@/hooks/use-may';
import { ArrivedBar, type Arrived } from './arrived-bar';
import { BulkDialog, SelectionBar, type BulkOptions } from './bulk-actions';
import { ColumnMenu } from './column-menu';
import { ExportButton, type ListSource } from './export-button';
import { ListBar, type SortOption } from './list-bar';
import { ViewMenu } from './view-menu';
import { NO_SELECTION, pageState, togglePage, toggleRow, type Selection } from './selection';
import { SearchBox } from './search-box';
import { TablePagination } from './table-pagination';

export interface Column<T> {
  key: string;
  header: string;
  /** `index` is the row's number in the whole list (continues across pages). */
  render: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Keeps the cells on one line (dates, badges, actions); the header may wrap. */
  nowrap?: boolean;
  /**
   * Its cells wrap between words only, never inside one: the column is at
   * least its longest word wide (a name, a phone number), not squeezed to a
   * few letters. Other columns may break a word where the row is short of room.
   */
  wholeWords?: boolean;
  /** The field the list's call sorts by (`sort=amount`): its header sorts the list. */
  sort?: string;
  /** The first press sorts from the largest (dates, amounts, totals). */
  sortDescending?: boolean;
  /**
   * Its place on a phone's card: `title` heads the card, `actions` go at its
   * foot, `hidden` stays off it; any other column is a labelled fact.
   */
  card?: 'title' | 'actions' | 'hidden';
  /**
   * Off the list until the Columns menu shows it (`show=` in the URL): what an
   * operator needs least at a glance, where the list is short of room.
   */
  hiddenByDefault?: boolean;
}

/** SPEC's `#` column: the row's number in the whole list; a card leaves it out. */
export function indexColumn<T>(width: number = 56): Column<T> {
  return { key: 'index', header: '#', render: (_, index) => index, width, card: 'hidden' };
}

/** The page facts of a paged answer (`total_exact` false: last_page and total are lower bounds). */
type PageInfo = Pick<Paged<unknown>, 'current_page' | 'last_page' | 'per_page' | 'total'> &
  Partial<Pick<Paged<unknown>, 'total_exact'>>;

/** What the table needs of a list's URL state (`useTableUrlState`). */
export type ListControls = Pick<
  TableUrlState,
  | 'search'
  | 'setSearch'
  | 'sort'
  | 'setSort'
  | 'perPage'
  | 'setPerPage'
  | 'setPage'
  | 'activeFilters'
  | 'resetFilters'
  | 'hidden'
  | 'shown'
  | 'setHidden'
>;

interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  rows: T[] | undefined;
  /** Page facts of the answer. */
  pageInfo?: PageInfo;
  /** A request is under way (first load, a new page or search). */
  loading: boolean;
  /** The last request failed: its message is kept on screen. */
  error?: unknown;
  onRetry?: () => void;
  /** The list's URL state: page, page size, sort, search and filters. */
  table: ListControls;
  /** What the rows are, for their count: (3000) => "trips". */
  noun: (count: number) => string;
  /** The list's search box is drawn above it (a shared one elsewhere: false). */
  searchable?: boolean;
  /** The list's filter fields. */
  filters?: ReactNode;
  /** The order of the list when no sort is asked for (`-created_at`): its column shows it. */
  defaultSort?: string;
  minWidth?: number;
  /** Smaller text, for lists with many columns. */
  dense?: boolean;
  /** The list's call and its input: Export streams it whole (roles that may export). */
  source?: ListSource;
  /** Actions on many rows (roles that may): a box per row, "all matching", the action bar. */
  bulk?: BulkOptions<T>;
  /** A live list's rows that arrived and are not shown yet (`useLiveList`): a bar to show them. */
  arrived?: Arrived;
  /** A live list's row that left it since it was shown: drawn faded until the list is shown anew. */
  left?: (row: T) => boolean;
}

/** What a paged list query holds (TanStack Query's result, narrowed). */
export interface PagedQuery<T> {
  data: Paged<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The DataTable props a paged query gives: its rows, page facts, loading, error and retry. */
export function pagedQueryProps<T>(query: PagedQuery<T>) {
  return {
    rows: query.data?.data,
    pageInfo: query.data,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

const ARROWS = { ascending: IconArrowUp, descending: IconArrowDown };

/** A header that sorts its column: pressed (or Enter / Space), the list sorts by it. */
function SortHeader({
  label,
  direction,
  onSort,
}: {
  label: string;
  direction: 'ascending' | 'descending' | null;
  onSort: () => void;
}) {
  const Arrow = direction ? ARROWS[direction] : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={onSort}
      fw={700}
      fz="inherit"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, textAlign: 'start' }}
    >
      {/* A long header wraps, its arrow beside it: the table fits 1280 px beside the menu. */}
      <span>{label}</span>
      <Arrow size={14} aria-hidden opacity={direction ? 1 : 0.45} style={{ flexShrink: 0 }} />
    </UnstyledButton>
  );
}

/** A row that left a live list, until it is shown anew: still legible, plainly not current. */
const LEFT_OPACITY = 0.55;

/** The labels of a card's facts: values line up beside them; a long label wraps. */
const CARD_LABEL_WIDTH = 116;

/** One row as a card (phones): its title, its facts labelled, its actions at the foot. */
function RowCard<T>({
  row,
  index,
  columns,
  select,
  faded,
}: {
  row: T;
  index: number;
  columns: Column<T>[];
  /** The row's selection box, when the list has bulk actions. */
  select?: ReactNode;
  /** It left the list since it was shown. */
  faded?: boolean;
}) {
  const title = columns.filter((column) => column.card === 'title');
  const facts = columns.filter((column) => column.card === undefined);
  const actions = columns.filter((column) => column.card === 'actions');
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="row-card"
      data-left={faded || undefined}
      style={{ overflowWrap: 'anywhere', opacity: faded ? LEFT_OPACITY : undefined }}
    >
      <Stack gap="xs">
        {select || title.length > 0 ? (
          <Group gap="sm" wrap="nowrap" align="center">
            {select}
            {title.map((column) => (
              <Box key={column.key} fw={600} style={{ minWidth: 0 }}>
                {column.render(row, index)}
              </Box>
            ))}
          </Group>
        ) : null}
        <DataList size="sm" gap={6}>
          {facts.map((column) => (
            <DataList.Item key={column.key}>
              <DataList.ItemLabel
                w={CARD_LABEL_WIDTH}
                miw={CARD_LABEL_WIDTH}
                style={{ flexShrink: 0 }}
              >
                {column.header}
              </DataList.ItemLabel>
              <DataList.ItemValue style={{ minWidth: 0 }}>
                {column.render(row, index)}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
        {actions.length > 0 ? (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {actions.map((column) => (
              <Box key={column.key}>{column.render(row, index)}</Box>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The one list of every screen (SPEC 2, generic list behaviour): search and
 * filters, loader overlay, "No Records Found", the kept error message, the
 * pager with the row count and page size, and headers that sort. Below 768 px
 * the rows are cards and the filters and sort open in a drawer.
 */
export function DataTable<T>({
  label,
  columns: allColumns,
  rowKey,
  rows,
  pageInfo,
  loading,
  error,
  onRetry,
  table,
  noun,
  searchable = true,
  filters,
  defaultSort = '',
  minWidth = 900,
  dense = false,
  source,
  bulk,
  arrived,
  left,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const may = useMay();
  // Any column but the row's actions can be hidden (the URL's `hide`), on cards too; one
  // hidden by default shows when the URL's `show` names it.
  const hideable = allColumns.filter((column) => column.card !== 'actions');
  const defaultHidden = hideable.filter((column) => column.hiddenByDefault).map(({ key }) => key);
  const hidden = hiddenColumns(table.hidden, table.shown, defaultHidden).filter((key) =>
    hideable.some((column) => column.key === key),
  );
  const columns = allColumns.filter((column) => !hidden.includes(column.key));
  const offset = pageInfo ? (pageInfo.current_page - 1) * pageInfo.per_page : 0;
  const list = error ? [] : (rows ?? []);

  // Bulk actions: the rows picked, forgotten when the filters change.
  const selecting = bulk !== undefined && may.call(bulkAction);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const filterId = JSON.stringify(bulk?.filter ?? null);
  const [selectionFilter, setSelectionFilter] = useState(filterId);
  if (filterId !== selectionFilter) {
    setSelectionFilter(filterId);
    setSelection(NO_SELECTION);
  }
  const [acting, setActing] = useState<BulkAction | null>(null);
  const pageRows = bulk
    ? list.map((row) => ({ id: Number(rowKey(row)), name: bulk.nameOf(row) }))
    : [];
  const onPage = pageState(selection, pageRows);
  const total = pageInfo?.total ?? 0;
  const rowBox = (row: T, index: number) => {
    const entry = pageRows[index]!;
    return (
      <Checkbox
        aria-label={t('bulk.selectRow', { name: entry.name })}
        checked={selection.all || selection.picked.has(entry.id)}
        onChange={(event) =>
          setSelection(toggleRow(selection, entry, event.currentTarget.checked, pageRows))
        }
      />
    );
  };
  /** The page's box: in the table's header; on a phone, labelled, above the cards. */
  const pageBox = (labelled: boolean) => (
    <Checkbox
      label={labelled ? t('bulk.selectPage') : undefined}
      aria-label={labelled ? undefined : t('bulk.selectPage')}
      checked={onPage === 'all'}
      indeterminate={onPage === 'some'}
      disabled={pageRows.length === 0}
      onChange={() => setSelection(togglePage(selection, pageRows, onPage !== 'all'))}
    />
  );
  const empty = loading && rows === undefined ? '\u00a0' : t('common.noRecords');
  // The order in force: the one asked for, else the list's own.
  const sortInForce = table.sort || defaultSort;
  const sortTo = (next: string) => table.setSort(next === defaultSort ? '' : next);
  const sortable = allColumns.filter((column) => column.sort !== undefined);
  const sortOptions: SortOption[] = [
    { value: '', label: t('table.defaultOrder') },
    ...sortable.flatMap((column) => [
      { value: column.sort!, label: t('table.sortAscending', { column: column.header }) },
      { value: `-${column.sort!}`, label: t('table.sortDescending', { column: column.header }) },
    ]),
  ];

  const loader = (
    <LoadingOverlay
      visible={loading}
      zIndex={5}
      overlayProps={{ blur: 1, backgroundOpacity: 0.55 }}
      loaderProps={{ role: 'status', 'aria-label': t('common.loading') } as Record<string, string>}
    />
  );

  const cards = (
    <Box pos="relative" mih={80}>
      {loader}
      {list.length === 0 ? (
        <Paper withBorder radius="md" py="xl" ta="center">
          <Text c="dimmed" data-testid="table-empty">
            {empty}
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} aria-label={label} aria-busy={loading}>
          {list.map((row, index) => (
            <RowCard
              key={rowKey(row)}
              row={row}
              index={offset + index + 1}
              columns={columns}
              select={selecting ? rowBox(row, index) : undefined}
              faded={left?.(row)}
            />
          ))}
        </Stack>
      )}
    </Box>
  );

  const tableView = (
    <Paper withBorder radius="md" pos="relative" data-testid="data-table">
      {loader}
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          aria-label={label}
          aria-busy={loading}
          verticalSpacing="sm"
          horizontalSpacing="xs"
          fz={dense ? 'xs' : 'sm'}
          highlightOnHover
        >
          <Table.Thead>
            <Table.Tr>
              {/* The box sits close to the row's number: the row still fits 1280 px beside the menu. */}
              {selecting ? (
                <Table.Th w={30} pe={0}>
                  {pageBox(false)}
                </Table.Th>
              ) : null}
              {columns.map((column) => {
                const direction = column.sort ? sortDirectionOf(sortInForce, column.sort) : null;
                return (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    ta={column.align}
                    aria-sort={column.sort ? (direction ?? 'none') : undefined}
                  >
                    {column.sort ? (
                      <SortHeader
                        label={column.header}
                        direction={direction}
                        onSort={() =>
                          sortTo(nextSort(sortInForce, column.sort!, column.sortDescending))
                        }
                      />
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (selecting ? 1 : 0)}>
                  <Box py="xl" ta="center">
                    <Text c="dimmed" data-testid="table-empty">
                      {empty}
                    </Text>
                  </Box>
                </Table.Td>
              </Table.Tr>
            ) : (
              list.map((row, index) => (
                <Table.Tr
                  key={rowKey(row)}
                  data-left={left?.(row) || undefined}
                  style={left?.(row) ? { opacity: LEFT_OPACITY } : undefined}
                >
                  {selecting ? <Table.Td pe={0}>{rowBox(row, index)}</Table.Td> : null}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      ta={column.align}
                      style={
                        column.nowrap
                          ? { whiteSpace: 'nowrap' }
                          : { overflowWrap: column.wholeWords ? 'normal' : 'anywhere' }
                      }
                    >
                      {column.render(row, offset + index + 1)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  return (
    <Stack gap="md">
      <ListBar
        phone={phone}
        search={
          searchable ? <SearchBox value={table.search} onSearch={table.setSearch} /> : undefined
        }
        filters={filters}
        activeFilters={table.activeFilters}
        onReset={table.resetFilters}
        sort={{ options: sortOptions, value: table.sort, onChange: table.setSort }}
        tools={
          <>
            <ViewMenu />
            <ColumnMenu
              columns={hideable}
              hidden={hidden}
              onChange={(next) => table.setHidden(next, defaultHidden)}
            />
            {source && may.export(source.endpoint) ? <ExportButton source={source} /> : null}
          </>
        }
      />
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title={t('table.loadFailed')}
          data-testid="table-error"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{translateMessage(errorMessage(error))}</Text>
            {onRetry ? (
              <Button size="xs" variant="light" color="red" onClick={onRetry} loading={loading}>
                {t('common.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {selecting ? (
        <>
          {phone && pageRows.length > 0 ? pageBox(true) : null}
          <SelectionBar
            selection={selection}
            pageCount={pageRows.length}
            total={total}
            pageAll={onPage === 'all'}
            noun={noun}
            actions={bulk.actions}
            onSelectAll={() => setSelection({ ...selection, all: true })}
            onClear={() => setSelection(NO_SELECTION)}
            onAction={setActing}
          />
          <BulkDialog
            action={acting}
            selection={selection}
            total={total}
            noun={noun}
            options={bulk}
            onClose={(finished) => {
              setActing(null);
              if (finished) setSelection(NO_SELECTION);
            }}
          />
        </>
      ) : null}
      {arrived ? <ArrivedBar arrived={arrived} /> : null}
      {phone ? cards : tableView}
      {pageInfo && !error ? (
        <TablePagination
          current={pageInfo.current_page}
          last={pageInfo.last_page}
          total={pageInfo.total}
          more={pageInfo.total_exact === false}
          noun={noun}
          perPage={table.perPage}
          onPerPageChange={table.setPerPage}
          onChange={table.setPage}
        />
      ) : null}
    </Stack>
  );
}
