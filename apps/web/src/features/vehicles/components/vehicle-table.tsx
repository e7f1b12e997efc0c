import type { Vehicle } from '@cabdesk/contract';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Column } from '@/components/data-table';

interface VehicleColumnsOptions {
  renderApproval: (vehicle: Vehicle) => ReactNode;
  renderActions: (vehicle: Vehicle) => ReactNode;
  /** The company column; left out inside a company's own page. */
  withCompany?: boolean;
}

/**
 * SPEC 2 Vehicle list: company, service type, vehicle type, brand, model,
 * available seats, license plate, approve / reject while Pending, view.
 */
export function vehicleColumns(
  t: TFunction,
  { renderApproval, renderActions, withCompany = true }: VehicleColumnsOptions,
): Column<Vehicle>[] {
  const columns: (Column<Vehicle> | false)[] = [
    { key: 'index', header: '#', render: (_, index) => index, width: 48 },
    withCompany && {
      key: 'company',
      header: t('vehicles.company'),
      render: (vehicle) => (
        <Text size="sm" fw={600}>
          {vehicle.company_data.company_name ?? vehicle.company_data.name}
        </Text>
      ),
    },
    {
      key: 'service',
      header: t('vehicles.serviceType'),
      render: (vehicle) => vehicle.service_type_data.title,
    },
    {
      key: 'type',
      header: t('vehicles.vehicleType'),
      render: (vehicle) => vehicle.vehicle_type_data.title,
    },
    { key: 'brand', header: t('vehicles.brand'), render: (vehicle) => vehicle.brand_name.name },
    { key: 'model', header: t('vehicles.model'), render: (vehicle) => vehicle.model_name.name },
    {
      key: 'seats',
      header: t('vehicles.seats'),
      render: (vehicle) => vehicle.vehicle_type_data.seats,
      align: 'center',
    },
    {
      key: 'plate',
      header: t('vehicles.plate'),
      render: (vehicle) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {vehicle.license_number}
        </Text>
      ),
    },
    { key: 'approval', header: t('approval.column'), render: renderApproval, nowrap: true },
    { key: 'action', header: t('table.action'), render: renderActions, nowrap: true },
  ];
  return columns.filter((column): column is Column<Vehicle> => column !== false);
}
