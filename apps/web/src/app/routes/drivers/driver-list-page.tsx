import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApprovalActions } from '@/components/approval-actions';
import { DataTable, SearchBox, pagedQueryProps } from '@/components/data-table';
import { DeleteButton } from '@/components/delete-button';
import { PageTitle } from '@/components/page-title';
import { PersonFilters } from '@/components/person-filters';
import { ViewLink } from '@/components/view-link';
import { useDecideUserApproval } from '@/features/users/api/decide-user-approval';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { usePersonTableState } from '@/hooks/use-person-table-state';
import { useDriverList } from '../api/get-driver-list';
import { driverColumns } from '../components/driver-columns';

/** SPEC 2 Driver list, every company's drivers. */
export function DriverListPage() {
  const { t } = useTranslation();
  const table = usePersonTableState();
  const drivers = useDriverList(table.query);
  const approval = useDecideUserApproval();
  const remove = useDeleteUser();

  const columns = driverColumns(t, {
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
    <Stack gap="lg">
      <PageTitle title={t('pages.driver')} />
      <DataTable
        label={t('pages.driver')}
        columns={columns}
        rowKey={(driver) => driver.id}
        {...pagedQueryProps(drivers, table.setPage)}
        minWidth={1050}
        toolbar={
          <>
            <SearchBox value={table.search} onSearch={table.setSearch} />
            <PersonFilters
              status={table.filters.status}
              approval={table.filters.approval}
              onChange={table.setFilter}
            />
          </>
        }
      />
    </Stack>
  );
}
