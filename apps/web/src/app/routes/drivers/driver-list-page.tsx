import { PERSON_SORTS } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { PersonFilters } from '@/components/person-filters';
import { DriverTable } from '@/features/users/components/driver-table';
import { usePersonTableState } from '@/hooks/use-person-table-state';

/** SPEC 2 Driver list, every company's drivers; sorted, filtered by status, approval and registration. */
export function DriverListPage() {
  const { t } = useTranslation();
  const table = usePersonTableState({ list: 'drivers', sorts: PERSON_SORTS.Driver });
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.driver')} />
      <DriverTable
        label={t('pages.driver')}
        query={table.query}
        table={table}
        filters={<PersonFilters table={table} />}
        minWidth={940}
      />
    </Stack>
  );
}
