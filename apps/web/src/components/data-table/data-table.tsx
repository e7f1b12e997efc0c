import type { Paged } from '@cabdesk/contract';
import {
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { TablePagination } from './table-pagination';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** `index` is the row's number in the whole list (continues across pages). */
  render: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Keeps the cell on one line (dates, badges, actions). */
  nowrap?: boolean;
}

/** The page facts of a paged answer (`total_exact` false: last_page is a lower bound). */
export type PageInfo = Pick<Paged<unknown>, 'current_page' | 'last_page' | 'per_page'> &
  Partial<Pick<Paged<unknown>, 'total_exact'>>;

interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  rows: T[] | undefined;
  /** Page facts of the answer; none for an unpaged list. */
  pageInfo?: PageInfo;
  /** A request is under way (first load, a new page or search). */
  loading: boolean;
  /** The last request failed: its message is kept on screen. */
  error?: unknown;
  onRetry?: () => void;
  onPageChange?: (page: number) => void;
  /** The search box and filters above the table. */
  toolbar?: ReactNode;
  minWidth?: number;
  /** Smaller text and spacing, for lists with many columns. */
  dense?: boolean;
}

/** What a paged list query holds (TanStack Query's result, narrowed). */
export interface PagedQuery<T> {
  data: Paged<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The DataTable props a paged query gives: its rows, page facts, loading, error and retry. */
export function pagedQueryProps<T>(query: PagedQuery<T>, onPageChange: (page: number) => void) {
  return {
    rows: query.data?.data,
    pageInfo: query.data,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
    onPageChange,
  };
}

/**
 * The one list of every screen (SPEC 2, generic list behaviour): toolbar,
 * loader overlay, "No Records Found", the kept error message and pagination.
 */
export function DataTable<T>({
  label,
  columns,
  rowKey,
  rows,
  pageInfo,
  loading,
  error,
  onRetry,
  onPageChange,
  toolbar,
  minWidth = 900,
  dense = false,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const offset = pageInfo ? (pageInfo.current_page - 1) * pageInfo.per_page : 0;
  const list = error ? [] : (rows ?? []);

  return (
    <Stack gap="md">
      {toolbar ? (
        <Group gap="sm" wrap="wrap" align="flex-end">
          {toolbar}
        </Group>
      ) : null}
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
      <Paper withBorder radius="md" pos="relative" data-testid="data-table">
        <LoadingOverlay
          visible={loading}
          zIndex={5}
          overlayProps={{ blur: 1, backgroundOpacity: 0.55 }}
          loaderProps={
            { role: 'status', 'aria-label': t('common.loading') } as Record<string, string>
          }
        />
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            aria-label={label}
            aria-busy={loading}
            verticalSpacing="sm"
            horizontalSpacing={dense ? 'xs' : 'sm'}
            fz={dense ? 'xs' : 'sm'}
            highlightOnHover
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    ta={column.align}
                    style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Box py="xl" ta="center">
                      <Text c="dimmed" data-testid="table-empty">
                        {loading && rows === undefined ? '\u00a0' : t('common.noRecords')}
                      </Text>
                    </Box>
                  </Table.Td>
                </Table.Tr>
              ) : (
                list.map((row, index) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        ta={column.align}
                        style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
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
      {pageInfo && onPageChange && !error ? (
        <TablePagination
          current={pageInfo.current_page}
          last={pageInfo.last_page}
          more={pageInfo.total_exact === false}
          onChange={onPageChange}
        />
      ) : null}
    </Stack>
  );
}
