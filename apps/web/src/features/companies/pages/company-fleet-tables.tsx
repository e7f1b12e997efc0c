import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApprovalActions } from '@/components/approval-actions';
import { DataTable, pagedQueryProps } from '@/components/data-table';
import { DeleteButton } from '@/components/delete-button';
import { ViewLink } from '@/components/view-link';
import { useDriverList } from '@/features/drivers/api/get-driver-list';
import { driverColumns } from '@/features/drivers/components/driver-columns';
import { useDecideUserApproval } from '@/features/users/api/decide-user-approval';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useDecideVehicleApproval } from '@/features/vehicles/api/decide-vehicle-approval';
import { useDeleteVehicle } from '@/features/vehicles/api/delete-vehicle';
import { useVehicleList } from '@/features/vehicles/api/get-vehicle-list';
import { vehicleColumns } from '@/features/vehicles/components/vehicle-columns';
import type { FleetTableState } from '../components/company-fleet-tabs';

/** The company's drivers (driver-list?company_id). Composed here: the page layer. */
export function CompanyDriversTable({
  companyId,
  state,
}: {
  companyId: number;
  state: FleetTableState;
}) {
  const { t } = useTranslation();
  const drivers = useDriverList({
    company_id: companyId,
    page: state.page,
    search: state.search || undefined,
  });
  const approval = useDecideUserApproval();
  const remove = useDeleteUser();
  const columns = driverColumns(t, {
    withCompany: false,
    renderApproval: (driver) => (
      <ApprovalActions
        approval={driver.approval}
        name={driver.name}
        pending={approval.isPending && approval.variables?.id === driver.id}
        onDecide={(decision) => approval.mutateAsync({ id: driver.id, approval: decision })}
      />
    ),
    renderActions: (driver) => (
      <Group gap="xs" wrap="nowrap">
        <ViewLink to={`/driver-detail/${driver.id}`} name={driver.name} />
        <DeleteButton
          name={driver.name}
          pending={remove.isPending && remove.variables === driver.id}
          onDelete={() => remove.mutateAsync(driver.id)}
        />
      </Group>
    ),
  });
  return (
    <DataTable
      label={t('companies.driverList')}
      columns={columns}
      rowKey={(driver) => driver.id}
      {...pagedQueryProps(drivers, state.setPage)}
      minWidth={950}
    />
  );
}

/** The company's vehicles (vehicle-list?company_id). */
export function CompanyVehiclesTable({
  companyId,
  state,
}: {
  companyId: number;
  state: FleetTableState;
}) {
  const { t } = useTranslation();
  const vehicles = useVehicleList({
    company_id: companyId,
    page: state.page,
    search: state.search || undefined,
  });
  const approval = useDecideVehicleApproval();
  const remove = useDeleteVehicle();
  const columns = vehicleColumns(t, {
    withCompany: false,
    renderApproval: (vehicle) => (
      <ApprovalActions
        approval={vehicle.approval}
        name={vehicle.license_number}
        pending={approval.isPending && approval.variables?.id === vehicle.id}
        onDecide={(decision) => approval.mutateAsync({ id: vehicle.id, approval: decision })}
      />
    ),
    renderActions: (vehicle) => (
      <Group gap="xs" wrap="nowrap">
        <ViewLink to={`/vehicle-detail/${vehicle.id}`} name={vehicle.license_number} />
        <DeleteButton
          name={vehicle.license_number}
          pending={remove.isPending && remove.variables === vehicle.id}
          onDelete={() => remove.mutateAsync(vehicle.id)}
        />
      </Group>
    ),
  });
  return (
    <DataTable
      label={t('companies.vehicleList')}
      columns={columns}
      rowKey={(vehicle) => vehicle.id}
      {...pagedQueryProps(vehicles, state.setPage)}
      minWidth={950}
    />
  );
}
