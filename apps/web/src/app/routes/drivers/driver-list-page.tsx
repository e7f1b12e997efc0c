import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '@/components/list-toolbar';
import { PageTitle } from '@/components/page-title';
import { DriverTable } from '@/features/users/components/driver-table';
import { usePersonTableState } from '@/hooks/use-person-table-state';

/** SPEC 2 Driver list, every company's drivers. */
export function DriverListPage() {
  const { t } = useTranslation();
  const table = usePersonTableState();
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.driver')} />
      <DriverTable
        label={t('pages.driver')}
        query={table.query}
        onPageChange={table.setPage}
        toolbar={<ListToolbar table={table} />}
        minWidth={1050}
      />
    </Stack>
  );
}
