import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { UserFilter } from '@/features/users/components/record-filters';
import { VehicleFilters } from '@/features/vehicles/components/vehicle-filters';
import { VehicleTable } from '@/features/vehicles/components/vehicle-table';
import { VEHICLE_TABLE } from '@/features/vehicles/vehicle-filters';
import { useTableUrlState } from '@/hooks/use-table-url-state';

/**
 * SPEC 2 Vehicle list, all companies. Vehicles have no active status: they
 * filter by approval, company, service type and vehicle type.
 */
export function VehicleListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState(VEHICLE_TABLE);
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.vehicle')} />
      <VehicleTable
        label={t('pages.vehicle')}
        query={table.query}
        table={table}
        filters={
          <VehicleFilters
            table={table}
            company={
              <UserFilter
                kind="company"
                value={table.filters.company_id}
                onChange={(value) => table.setFilter('company_id', value)}
              />
            }
          />
        }
        minWidth={940}
      />
    </Stack>
  );
}
