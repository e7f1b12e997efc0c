import { Group, Paper, Tabs } from '@mantine/core';
import { IconCar, IconSteeringWheel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchBox } from '@/components/data-table';
import { DriverTable } from '@/features/users/components/driver-table';
import { VehicleTable } from '@/features/vehicles/components/vehicle-table';
import { useTableUrlState } from '@/hooks/use-table-url-state';

type FleetTab = 'drivers' | 'vehicles';

/**
 * A company's drivers (driver-list?company_id) and vehicles
 * (vehicle-list?company_id): tabs Driver List and Vehicle List with one search
 * box for both. The tab, the search and each tab's page live in the URL
 * (`?tab=vehicles&search=ab&vehicle_page=2`).
 */
export function CompanyFleetTabs({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: FleetTab = params.get('tab') === 'vehicles' ? 'vehicles' : 'drivers';
  const drivers = useTableUrlState({
    keys: { page: 'driver_page' },
    otherPageKeys: ['vehicle_page'],
  });
  const vehicles = useTableUrlState({
    keys: { page: 'vehicle_page' },
    otherPageKeys: ['driver_page'],
  });

  return (
    <Paper withBorder radius="md" p="lg">
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
            query={{ company_id: companyId, ...drivers.query }}
            onPageChange={drivers.setPage}
            minWidth={950}
          />
        </Tabs.Panel>
        <Tabs.Panel value="vehicles">
          <VehicleTable
            label={t('companies.vehicleList')}
            query={{ company_id: companyId, ...vehicles.query }}
            onPageChange={vehicles.setPage}
            minWidth={950}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
