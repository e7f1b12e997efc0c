import { APPROVALS, type Approval } from '@cabdesk/contract';
import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApprovalActions } from '@/components/approval-actions';
import { DataTable, SearchBox, pagedQueryProps } from '@/components/data-table';
import { DeleteButton } from '@/components/delete-button';
import { PageTitle } from '@/components/page-title';
import { PersonFilters } from '@/components/person-filters';
import { ViewLink } from '@/components/view-link';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { useDecideVehicleApproval } from '../api/decide-vehicle-approval';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useVehicleList } from '../api/get-vehicle-list';
import { vehicleColumns } from '../components/vehicle-columns';

/** SPEC 2 Vehicle list, all companies. */
export function VehicleListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState<'approval'>({ filters: { approval: APPROVALS } });
  const vehicles = useVehicleList({
    page: table.page,
    search: table.search || undefined,
    approval: (table.filters.approval || undefined) as Approval | undefined,
  });
  const approval = useDecideVehicleApproval();
  const remove = useDeleteVehicle();

  const columns = vehicleColumns(t, {
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
    <Stack gap="lg">
      <PageTitle title={t('pages.vehicle')} />
      <DataTable
        label={t('pages.vehicle')}
        columns={columns}
        rowKey={(vehicle) => vehicle.id}
        {...pagedQueryProps(vehicles, table.setPage)}
        minWidth={1050}
        toolbar={
          <>
            <SearchBox value={table.search} onSearch={table.setSearch} />
            <PersonFilters
              approval={table.filters.approval}
              onChange={(_, value) => table.setFilter('approval', value)}
            />
          </>
        }
      />
    </Stack>
  );
}
