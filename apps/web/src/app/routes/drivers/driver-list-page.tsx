import { PERSON_SORTS } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { PersonFilters } from '@/components/person-filters';
import { DriverTable } from '@/features/users/components/driver-table';
import { UserFilter } from '@/features/users/components/record-filters';
import { PERSON_FILTERS } from '@/hooks/use-person-table-state';
import { useTableUrlState } from '@/hooks/use-table-url-state';

/** A driver's filters: a person's, and the company they drive for. */
const DRIVER_FILTERS = { ...PERSON_FILTERS, company_id: 'id' } as const;

/**
 * SPEC 2 Driver list, every company's drivers; sorted, filtered by status,
 * approval, registration and company.
 */
export function DriverListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    list: 'drivers',
    sorts: PERSON_SORTS.Driver,
    filters: DRIVER_FILTERS,
  });
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
