import '@mantine/core/styles/Pagination.layer.css';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/hooks/use-is-phone';
import { PAGE_SIZES, readPageSize, type PageSize } from '@/hooks/table-url-state';
import { formatCount } from '@/lib/format';

interface TablePaginationProps {
  current: number;
  last: number;
  /** Rows of the whole list (a lower bound when `more`). */
  total: number;
  /** More rows follow (a search counted only so far): "Showing 1 - 11+", "110+ trips". */
  more?: boolean;
  /** What the rows are, for their count: (3000) => "trips". */
  noun: (count: number) => string;
  perPage: number;
  onPerPageChange: (size: PageSize) => void;
  onChange: (page: number) => void;
}

/**
 * The foot of a list: SPEC 2's previous / next and numbered pages with
 * "Showing {current} - {last}", shown only when there is more than one page;
 * beside it the number of rows ("3,000 trips") and the page size (10, 25, 50
 * or 100, offered once there
 * are more rows than the smallest). Nothing when the list is empty.
 */
export function TablePagination({
  current,
  last,
  total,
  more = false,
  noun,
  perPage,
  onPerPageChange,
  onChange,
}: TablePaginationProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  if (total === 0) return null;
  const count = t(more ? 'table.totalMore' : 'table.total', {
    total: formatCount(total),
    noun: noun(total),
  });

  return (
    <Group justify="space-between" gap="sm" data-testid="table-footer">
      <Group gap="sm" wrap="wrap">
        {last > 1 ? (
          <Text size="sm" c="dimmed">
            {t(more ? 'table.showingMore' : 'table.showing', { current, last })}
          </Text>
        ) : null}
        <Text size="sm" fw={500} data-testid="table-total">
          {count}
        </Text>
      </Group>
      <Group gap="sm" wrap="wrap">
        {total > PAGE_SIZES[0] ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" aria-hidden>
              {t('table.perPage')}
            </Text>
            <NativeSelect
              aria-label={t('table.perPage')}
              size="xs"
              w={72}
              data={PAGE_SIZES.map(String)}
              value={String(perPage)}
              onChange={(event) => {
                const size = readPageSize(event.currentTarget.value);
                if (size) onPerPageChange(size);
              }}
            />
          </Group>
        ) : null}
        {last > 1 ? (
          <Pagination
            data-testid="table-pagination"
            total={last}
            value={Math.min(current, last)}
            onChange={onChange}
            withEdges={false}
            siblings={phone ? 0 : 1}
            size="sm"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('table.previousPage') }
                : control === 'next'
                  ? { 'aria-label': t('table.nextPage') }
                  : {}
            }
            getItemProps={(page) => ({ 'aria-label': t('table.pageN', { page }) })}
          />
        ) : null}
      </Group>
    </Group>
  );
}
