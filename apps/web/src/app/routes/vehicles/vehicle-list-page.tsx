import { VEHICLE_SORTS } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LookupFilter } from '@/components/lookup-filter';
import { PageTitle } from '@/components/page-title';
import { ApprovalFilter } from '@/components/person-filters';
import { UserFilter } from '@/features/users/components/record-filters';
import { VehicleTable } from '@/features/vehicles/components/vehicle-table';
import { VEHICLE_FILTERS } from '@/features/vehicles/vehicle-filters';
import { useTableUrlState } from '@/hooks/use-table-url-state';

/**
 * SPEC 2 Vehicle list, all companies. Vehicles have no active status: they
 * filter by approval, company, service type and vehicle type.
 */
export function VehicleListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    list: 'vehicles',
    sorts: VEHICLE_SORTS,
    filters: VEHICLE_FILTERS,
  });
  const { filters, setFilter } = table;
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.vehicle')} />
      <VehicleTable
        label={t('pages.vehicle')}
        query={table.query}
        table={table}
        filters={
          <>
            <ApprovalFilter table={table} />
            <UserFilter
              kind="company"
              value={filters.company_id}
              onChange={(value) => setFilter('company_id', value)}
            />
            <LookupFilter
              kind="service_types"
              value={filters.service_type_id}
              onChange={(value) => setFilter('service_type_id', value)}
            />
            <LookupFilter
              kind="vehicle_types"
              value={filters.vehicle_type_id}
              onChange={(value) => setFilter('vehicle_type_id', value)}
            />
          </>
        }
        minWidth={940}
      />
    </Stack>
  );
}
