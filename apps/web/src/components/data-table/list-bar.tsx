import { Badge, Button, Drawer, Group, NativeSelect, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SortOption {
  value: string;
  label: string;
}

interface ListBarProps {
  /** The search box, if the list has one here. */
  search?: ReactNode;
  /** The list's filter fields. */
  filters?: ReactNode;
  /** How many filters are set: "Reset filters" shows when any is. */
  activeFilters: number;
  onReset: () => void;
  /** On a phone, where no header can be pressed: the sorts offered, and the one in force. */
  sort?: { options: SortOption[]; value: string; onChange: (value: string) => void };
  phone: boolean;
}

function ResetButton({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onReset}>
      {t('filters.reset')}
    </Button>
  );
}

/**
 * Above a list: the search, then its filters and "Reset filters" in a row;
 * on a phone the search alone, and a Filters button that opens the filters
 * and the sort in a drawer.
 */
export function ListBar({ search, filters, activeFilters, onReset, sort, phone }: ListBarProps) {
  const { t } = useTranslation();
  const [opened, drawer] = useDisclosure(false);
  const reset = activeFilters > 0 ? <ResetButton onReset={onReset} /> : null;

  if (!phone) {
    if (!search && !filters) return null;
    return (
      <Group gap="sm" wrap="wrap" align="flex-end">
        {search}
        {filters}
        {reset}
      </Group>
    );
  }

  const offersSort = sort !== undefined && sort.options.length > 1;
  if (!search && !filters && !offersSort) return null;
  return (
    <Stack gap="xs">
      {search}
      {filters || offersSort ? (
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              activeFilters > 0 ? (
                <Badge size="sm" circle aria-label={t('filters.active', { count: activeFilters })}>
                  {activeFilters}
                </Badge>
              ) : null
            }
            onClick={drawer.open}
          >
            {filters ? t('filters.open') : t('table.sortBy')}
          </Button>
          {reset}
        </Group>
      ) : null}
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="100%"
        title={filters ? t('filters.title') : t('table.sortBy')}
        closeButtonProps={{ 'aria-label': t('filters.close') }}
      >
        <Stack gap="md">
          {offersSort ? (
            <NativeSelect
              label={t('table.sortBy')}
              data={sort.options}
              value={sort.value}
              onChange={(event) => sort.onChange(event.currentTarget.value)}
            />
          ) : null}
          {filters}
          <Group justify="space-between">
            {reset ?? <span />}
            <Button onClick={drawer.close}>{t('filters.showResults')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </Stack>
  );
}
