import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { PersonFilters } from '@/components/person-filters';
import { DriverTable } from '@/features/users/components/driver-table';
import { UserFilter } from '@/features/users/components/record-filters';
import { DRIVER_TABLE } from '@/features/users/directory-tables';
import { useTableUrlState } from '@/hooks/use-table-url-state';

/**
 * SPEC 2 Driver list, every company's drivers; sorted, filtered by status,
 * approval, registration and company.
 */
export function DriverListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState(DRIVER_TABLE);
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.driver')} />
      <DriverTable
        label={t('pages.driver')}
        query={table.query}
        table={table}
        filters={
          <>
            <PersonFilters table={table} />
            <UserFilter
              kind="company"
              value={table.filters.company_id}
              onChange={(value) => table.setFilter('company_id', value)}
            />
          </>
        }
        minWidth={940}
      />
    </Stack>
  );
}
