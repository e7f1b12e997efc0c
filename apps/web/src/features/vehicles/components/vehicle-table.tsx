import { vehicleList, type InputOf, type Vehicle } from '@cabdesk/contract';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { filterOf, indexColumn, type Column } from '@/components/data-table';
import { RecordTable, type RecordListProps } from '@/components/record-table';
import { ActiveBadge } from '@/components/status-badge';
import { useDecideVehicleApproval } from '../api/decide-vehicle-approval';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useVehicleList } from '../api/get-vehicle-list';

/**
 * SPEC 2 Vehicle list, on the vehicle list and in a company's Vehicle List
 * tab: company, service type, vehicle type, brand, model, available seats,
 * license plate, approve / reject while Pending, view and delete.
 */
export function VehicleTable({
  query,
  ofCompany = false,
  ...table
}: RecordListProps<InputOf<typeof vehicleList>>) {
  const { t } = useTranslation();
  const vehicles = useVehicleList(query);
  const approval = useDecideVehicleApproval();
  const remove = useDeleteVehicle();

  const columns: (Column<Vehicle> | false)[] = [
    indexColumn(48),
    !ofCompany && {
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
      // A deactivated vehicle says so beside its plate.
      render: (vehicle) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {vehicle.license_number}
          </Text>
          {vehicle.status === 'Inactive' ? <ActiveBadge status={vehicle.status} /> : null}
        </Group>
      ),
      sort: 'license_number',
      card: 'title',
    },
  ];

  return (
    <RecordTable<Vehicle>
      {...table}
      source={{ endpoint: vehicleList, input: query }}
      bulk={{
        table: 'vehicles',
        actions: ['approve', 'reject'],
        kind: 'vehicle',
        nameOf: (vehicle) => vehicle.license_number,
        filter: filterOf(query),
      }}
      list={vehicles}
      columns={columns}
      kind="vehicle"
      noun={(count) => t('nouns.vehicle', { count })}
      nameOf={(vehicle) => vehicle.license_number}
      detailOf={(vehicle) => `/vehicle-detail/${vehicle.id}`}
      approval={approval}
      remove={remove}
    />
  );
}
