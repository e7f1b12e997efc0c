import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TablePaginationProps {
  current: number;
  last: number;
  /** More pages follow `last` (a search counted only so far): "Showing 1 - 11+". */
  more?: boolean;
  onChange: (page: number) => void;
}

/**
 * SPEC 2: previous / next and numbered pages, shown only when there is more
 * than one page, with "Showing {current} - {last}" ("{last}+" when the
 * answer says more pages follow).
 */
export function TablePagination({ current, last, more = false, onChange }: TablePaginationProps) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" data-testid="table-pagination">
      <Text size="sm" c="dimmed">
        {t(more ? 'table.showingMore' : 'table.showing', { current, last })}
      </Text>
      <Pagination
        total={last}
        value={Math.min(current, last)}
        onChange={onChange}
        withEdges={false}
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
    </Group>
  );
}
