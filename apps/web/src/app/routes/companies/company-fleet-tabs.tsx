import '@mantine/core/styles/Tabs.layer.css';
import { PERSON_SORTS, VEHICLE_SORTS } from '@cabdesk/contract';
import { Group, Paper, Tabs } from '@mantine/core';
import { IconCar, IconSteeringWheel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchBox } from '@/components/data-table';
import { PersonFilters } from '@/components/person-filters';
import { DriverTable } from '@/features/users/components/driver-table';
import { VehicleFilters } from '@/features/vehicles/components/vehicle-filters';
import { VehicleTable } from '@/features/vehicles/components/vehicle-table';
import { VEHICLE_FILTERS } from '@/features/vehicles/vehicle-filters';
import { usePersonTableState } from '@/hooks/use-person-table-state';
import { useTableUrlState } from '@/hooks/use-table-url-state';

type FleetTab = 'drivers' | 'vehicles';

const { company_id: _, ...FLEET_VEHICLE_FILTERS } = VEHICLE_FILTERS;

/**
 * A company's drivers (driver-list?company_id) and vehicles
 * (vehicle-list?company_id): tabs Driver List and Vehicle List with one search
 * box for both. The tab, the search and each tab's page, page size, sort and
 * filters live in the URL (`?tab=vehicles&search=ab&vehicle_page=2&driver_sort=name`).
 */
export function CompanyFleetTabs({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: FleetTab = params.get('tab') === 'vehicles' ? 'vehicles' : 'drivers';
  const drivers = usePersonTableState({
    list: 'company-drivers',
    prefix: 'driver_',
    otherPageKeys: ['vehicle_page'],
    sorts: PERSON_SORTS.Driver,
  });
  const vehicles = useTableUrlState({
    list: 'company-vehicles',
    prefix: 'vehicle_',
    otherPageKeys: ['driver_page'],
    sorts: VEHICLE_SORTS,
    filters: FLEET_VEHICLE_FILTERS,
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (value === 'vehicles') next.set('tab', 'vehicles');
            else next.delete('tab');
            return next;
          })
        }
        keepMounted={false}
      >
        <Group justify="space-between" align="flex-end" gap="sm" mb="md">
          <Tabs.List>
            <Tabs.Tab value="drivers" leftSection={<IconSteeringWheel size={16} />}>
              {t('companies.driverList')}
            </Tabs.Tab>
            <Tabs.Tab value="vehicles" leftSection={<IconCar size={16} />}>
              {t('companies.vehicleList')}
            </Tabs.Tab>
          </Tabs.List>
          <SearchBox value={drivers.search} onSearch={drivers.setSearch} />
        </Group>
        <Tabs.Panel value="drivers">
          <DriverTable
            label={t('companies.driverList')}
            query={{ ...drivers.query, company_id: companyId }}
            ofCompany
            table={drivers}
            searchable={false}
            filters={<PersonFilters table={drivers} />}
            minWidth={900}
          />
        </Tabs.Panel>
        <Tabs.Panel value="vehicles">
          <VehicleTable
            label={t('companies.vehicleList')}
            query={{ ...vehicles.query, company_id: companyId }}
            ofCompany
            table={vehicles}
            searchable={false}
            filters={<VehicleFilters table={vehicles} />}
            minWidth={900}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
