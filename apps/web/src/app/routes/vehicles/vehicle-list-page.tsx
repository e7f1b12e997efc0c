import { VEHICLE_SORTS } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordFilter } from '@/components/data-table';
import { LookupFilter } from '@/components/lookup-filter';
import { PageTitle } from '@/components/page-title';
import { ApprovalFilter } from '@/components/person-filters';
import { chosenOption, companyOptions } from '@/features/users/api/record-options';
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
            <RecordFilter
              label={t('filters.company')}
              placeholder={t('filters.anyCompany')}
              value={filters.company_id}
              onChange={(value) => setFilter('company_id', value)}
              search={companyOptions}
              chosen={chosenOption}
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
