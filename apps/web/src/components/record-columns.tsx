import { Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ApprovalActions, type Decision } from './approval-actions';
import type { Column } from './data-table';
import { DeleteButton } from './delete-button';
import { ViewLink } from './view-link';

/** The props of a table of records that serves several screens (drivers, vehicles). */
export interface RecordTableProps<Query> {
  /** The table's accessible name. */
  label: string;
  /** What its list call is asked; with company_id, one company's records (no company column). */
  query: Query;
  onPageChange: (page: number) => void;
  toolbar?: ReactNode;
  minWidth: number;
}

/** What the columns need of an approval mutation (TanStack Query's result, narrowed). */
interface DecideMutation {
  isPending: boolean;
  variables?: { id: number };
  mutateAsync: (decision: { id: number; approval: Decision }) => Promise<unknown>;
}

/** What the columns need of a delete mutation. */
interface DeleteMutation {
  isPending: boolean;
  variables?: number;
  mutateAsync: (id: number) => Promise<unknown>;
}

interface RecordColumnsOptions<T> {
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
export function recordColumns<T extends { id: number; approval: string }>(
  t: TFunction,
  { nameOf, detailOf, approval, remove, before }: RecordColumnsOptions<T>,
): Column<T>[] {
  return [
    {
      key: 'approval',
      header: t('approval.column'),
      nowrap: true,
      render: (row) => (
        <ApprovalActions
          approval={row.approval}
          name={nameOf(row)}
          pending={approval.isPending && approval.variables?.id === row.id}
          onDecide={(decision) => approval.mutateAsync({ id: row.id, approval: decision })}
        />
      ),
    },
    {
      key: 'action',
      header: t('table.action'),
      nowrap: true,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {before?.(row)}
          <ViewLink to={detailOf(row)} name={nameOf(row)} />
          <DeleteButton
            name={nameOf(row)}
            pending={remove.isPending && remove.variables === row.id}
            onDelete={() => remove.mutateAsync(row.id)}
          />
        </Group>
      ),
    },
  ];
}
