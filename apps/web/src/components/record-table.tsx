import type { ReviewKind } from '@cabdesk/contract';
import { Box, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalActions } from './approval-actions';
import {
  DataTable,
  pagedQueryProps,
  type Column,
  type BulkOptions,
  type ListControls,
  type ListSource,
  type PagedQuery,
} from './data-table';
import { DeleteButton } from './delete-button';
import { ViewLink } from './view-link';

/** The width of a switch (Mantine's default size), the slot it takes in a row's actions. */
const SWITCH_SLOT = 'calc(2.375rem * var(--mantine-scale))';

/** Where a paged table of records stands and how it reads. */
interface TableProps {
  /** The table's accessible name. */
  label: string;
  /** The list's URL state: page, page size, sort, search, filters. */
  table: ListControls;
  /** The list's filter fields. */
  filters?: ReactNode;
  /** False when a search box shared with another list stands above it. */
  searchable?: boolean;
  minWidth: number;
  /** The list's call and its input (Export). */
  source?: ListSource;
}

/** The props of a table of records that serves several screens (drivers, vehicles). */
export interface RecordListProps<Query> extends TableProps {
  /** What its list call is asked. */
  query: Query;
  /** One company's records (its tab): no company column. */
  ofCompany?: boolean;
}

/** What the columns need of an approval mutation (TanStack Query's result, narrowed). */
interface DecideMutation {
  isPending: boolean;
  variables?: { id: number };
  mutateAsync: (decision: { id: number; approval: 'Rejected'; reason: string }) => Promise<unknown>;
}

/** What the columns need of a delete mutation. */
interface DeleteMutation {
  /** Whether the role may delete these records. */
  allowed: boolean;
  isPending: boolean;
  variables?: number;
  mutateAsync: (id: number) => Promise<unknown>;
}

interface RecordColumnsOptions<T> {
  /** What the rows are (the usual reasons to reject them). */
  kind: ReviewKind;
  /** Who or what a row is, for the questions ("Ann Lee", "AB-123"). */
  nameOf: (row: T) => string;
  /** The row's detail page. */
  detailOf: (row: T) => string;
  approval: DecideMutation;
  remove: DeleteMutation;
  /** Row actions before view and delete (a company's active switch). */
  before?: (row: T) => ReactNode;
}

/**
 * The last two columns of every list of records awaiting approval (companies,
 * drivers, vehicles): approve / reject while Pending, the badge once decided
 * (SPEC 4); then view and delete, each asked first.
 */
function recordColumns<T extends { id: number; approval: string }>(
  t: TFunction,
  { kind, nameOf, detailOf, approval, remove, before }: RecordColumnsOptions<T>,
): Column<T>[] {
  return [
    {
      key: 'approval',
      header: t('approval.column'),
      nowrap: true,
      card: 'actions',
      render: (row) => (
        <ApprovalActions
          id={row.id}
          approval={row.approval}
          name={nameOf(row)}
          kind={kind}
          pending={approval.isPending && approval.variables?.id === row.id}
          onReject={(reason) => approval.mutateAsync({ id: row.id, approval: 'Rejected', reason })}
        />
      ),
    },
    {
      key: 'action',
      header: t('table.action'),
      nowrap: true,
      card: 'actions',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {/* A fixed slot: view and delete stay in place on rows without a switch. */}
          {before ? <Box w={SWITCH_SLOT}>{before(row)}</Box> : null}
          <ViewLink to={detailOf(row)} name={nameOf(row)} />
          {remove.allowed ? (
            <DeleteButton
              name={nameOf(row)}
              pending={remove.isPending && remove.variables === row.id}
              onDelete={() => remove.mutateAsync(row.id)}
            />
          ) : null}
        </Group>
      ),
    },
  ];
}

interface RecordTableProps<T> extends TableProps, RecordColumnsOptions<T> {
  /** The list query: its rows, pages, loading and error. */
  list: PagedQuery<T>;
  /** The record's own columns; `false` leaves one out. */
  columns: (Column<T> | false)[];
  /** What the rows are, for their count: (3000) => "vehicles". */
  noun: (count: number) => string;
  /** The list's order when no sort is asked for. */
  defaultSort?: string;
  /** Actions on many rows at once. */
  bulk?: BulkOptions<T>;
  /** Smaller text, for lists with many columns. */
  dense?: boolean;
}

/** A paged table of records awaiting approval: its own columns, then approve / view / delete. */
export function RecordTable<T extends { id: number; approval: string }>({
  label,
  list,
  columns,
  table,
  filters,
  searchable,
  noun,
  defaultSort,
  minWidth,
  source,
  bulk,
  dense,
  ...record
}: RecordTableProps<T>) {
  const { t } = useTranslation();
  return (
    <DataTable
      label={label}
      columns={[...columns.filter((column) => column !== false), ...recordColumns(t, record)]}
      rowKey={(row) => row.id}
      {...pagedQueryProps(list)}
      table={table}
      filters={filters}
      searchable={searchable}
      noun={noun}
      defaultSort={defaultSort}
      minWidth={minWidth}
      source={source}
      bulk={bulk}
      dense={dense}
    />
  );
}
