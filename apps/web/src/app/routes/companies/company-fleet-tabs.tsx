import '@mantine/core/styles/Tabs.layer.css';
import { PERSON_SORTS, statement, VEHICLE_SORTS } from '@cabdesk/contract';
import { Group, Paper, Tabs } from '@mantine/core';
import { IconCar, IconReportMoney, IconSteeringWheel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchBox } from '@/components/data-table';
import { PersonFilters } from '@/components/person-filters';
import { DriverTable } from '@/features/users/components/driver-table';
import { VehicleFilters } from '@/features/vehicles/components/vehicle-filters';
import { VehicleTable } from '@/features/vehicles/components/vehicle-table';
import { VEHICLE_FILTERS } from '@/features/vehicles/vehicle-filters';
import { EarningsPanel } from '@/features/statements/components/statement-view';
import { useMay } from '@/hooks/use-may';
import { usePersonTableState } from '@/hooks/use-person-table-state';
import { useTableUrlState } from '@/hooks/use-table-url-state';

type FleetTab = 'drivers' | 'vehicles' | 'earnings';

const { company_id: _, ...FLEET_VEHICLE_FILTERS } = VEHICLE_FILTERS;

/**
 * A company's drivers (driver-list?company_id) and vehicles
 * (vehicle-list?company_id): tabs Driver List and Vehicle List with one search
 * box for both; for Owners and Finance, its Earnings (statement). The tab, the search and each tab's page, page size, sort and
 * filters live in the URL (`?tab=vehicles&search=ab&vehicle_page=2&driver_sort=name`).
 */
export function CompanyFleetTabs({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const may = useMay();
  // Earnings (issue 48): Owners and Finance, who may read statements.
  const withEarnings = may.call(statement);
  const asked = params.get('tab');
  const tab: FleetTab =
    asked === 'vehicles'
      ? 'vehicles'
      : asked === 'earnings' && withEarnings
        ? 'earnings'
        : 'drivers';
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
            if (value === 'vehicles' || value === 'earnings') next.set('tab', value);
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
            {withEarnings ? (
              <Tabs.Tab value="earnings" leftSection={<IconReportMoney size={16} />}>
                {t('statements.earnings')}
              </Tabs.Tab>
            ) : null}
          </Tabs.List>
          {tab === 'earnings' ? null : (
            <SearchBox value={drivers.search} onSearch={drivers.setSearch} />
          )}
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
        {withEarnings ? (
          <Tabs.Panel value="earnings">
            <EarningsPanel party={{ kind: 'company', id: companyId }} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Paper>
  );
}
