import '@mantine/core/styles/Drawer.layer.css';
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
  /** The list's tools (views, columns, export): at the end of the row; on a phone under the search. */
  tools?: ReactNode;
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
 * Above a list: the search, then its filters and "Reset filters" in a row,
 * its tools at the end; on a phone the search, then a Filters button that
 * opens the filters and the sort in a drawer, and the tools.
 */
export function ListBar({
  search,
  filters,
  activeFilters,
  onReset,
  sort,
  tools,
  phone,
}: ListBarProps) {
  const { t } = useTranslation();
  const [opened, drawer] = useDisclosure(false);
  const reset = activeFilters > 0 ? <ResetButton onReset={onReset} /> : null;

  if (!phone) {
    if (!search && !filters && !tools) return null;
    return (
      <Group gap="sm" wrap="wrap" align="flex-end">
        {search}
        {filters}
        {reset}
        {tools ? (
          <Group gap="xs" ml="auto" wrap="wrap">
            {tools}
          </Group>
        ) : null}
      </Group>
    );
  }

  const offersSort = sort !== undefined && sort.options.length > 1;
  if (!search && !filters && !offersSort && !tools) return null;
  return (
    <Stack gap="xs">
      {search}
      {filters || offersSort || tools ? (
        <Group gap="xs" wrap="wrap">
          {filters || offersSort ? (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              rightSection={
                activeFilters > 0 ? (
                  <Badge
                    size="sm"
                    circle
                    aria-label={t('filters.active', { count: activeFilters })}
                  >
                    {activeFilters}
                  </Badge>
                ) : null
              }
              onClick={drawer.open}
            >
              {filters ? t('filters.open') : t('table.sortBy')}
            </Button>
          ) : null}
          {reset}
          {tools}
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
