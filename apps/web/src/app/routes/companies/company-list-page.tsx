import type { UserListItem } from '@cabdesk/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '@/components/active-switch';
import { ApprovalActions } from '@/components/approval-actions';
import { DataTable, SearchBox, type Column, pagedQueryProps } from '@/components/data-table';
import { DeleteButton } from '@/components/delete-button';
import { PageTitle } from '@/components/page-title';
import { PersonFilters } from '@/components/person-filters';
import { ContactCell, PersonCell } from '@/components/person-cell';
import { ViewLink } from '@/components/view-link';
import { useUserList } from '@/features/users/api/get-user-list';
import { useDecideUserApproval } from '@/features/users/api/decide-user-approval';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useUpdateUserStatus } from '@/features/users/api/update-user-status';
import { usePersonTableState } from '@/hooks/use-person-table-state';
import { formatCount, formatDate } from '@/lib/format';
import { companyName } from '../company-name';

/**
 * SPEC 2 Company list: name, contact, registration date, total vehicle, total
 * driver, approval (icons while Pending), active toggle once Approved, view.
 */
export function CompanyListPage() {
  const { t } = useTranslation();
  const table = usePersonTableState();
  const companies = useUserList({ user_type: 'Company', ...table.query });
  const approval = useDecideUserApproval();
  const statusUpdate = useUpdateUserStatus();
  const remove = useDeleteUser();

  const columns: Column<UserListItem>[] = [
    { key: 'index', header: '#', render: (_, index) => index, width: 48 },
    {
      key: 'company',
      header: t('companies.name'),
      render: (company) => (
        <PersonCell name={companyName(company)} image={company.profile} detail={company.name} />
      ),
    },
    {
      key: 'contact',
      header: t('users.contact'),
      render: (company) => <ContactCell phone={company.phone} email={company.email} />,
    },
    {
      key: 'registered',
      header: t('users.registrationDate'),
      render: (company) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(company.created_at)}
        </Text>
      ),
    },
    {
      key: 'vehicles',
      header: t('companies.totalVehicle'),
      render: (company) => formatCount(company.total_vehicle),
      align: 'center',
    },
    {
      key: 'drivers',
      header: t('companies.totalDriver'),
      render: (company) => formatCount(company.total_driver),
      align: 'center',
    },
    {
      key: 'approval',
      header: t('approval.column'),
      nowrap: true,
      render: (company) => (
        <ApprovalActions
          approval={company.approval}
          name={companyName(company)}
          pending={approval.isPending && approval.variables?.id === company.id}
          onDecide={(decision) => approval.mutateAsync({ id: company.id, approval: decision })}
        />
      ),
    },
    {
      key: 'action',
      header: t('table.action'),
      nowrap: true,
      render: (company) => (
        <Group gap="xs" wrap="nowrap">
          {company.approval === 'Approved' ? (
            <ActiveSwitch
              status={company.status}
              name={companyName(company)}
              pending={statusUpdate.isPending && statusUpdate.variables?.id === company.id}
              onChange={(status) => statusUpdate.mutateAsync({ id: company.id, status })}
            />
          ) : null}
          <ViewLink to={`/company-detail/${company.id}`} name={companyName(company)} />
          <DeleteButton
            name={companyName(company)}
            pending={remove.isPending && remove.variables === company.id}
            onDelete={() => remove.mutateAsync(company.id)}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.company')} />
      <DataTable
        label={t('pages.company')}
        columns={columns}
        rowKey={(company) => company.id}
        {...pagedQueryProps(companies, table.setPage)}
        minWidth={1000}
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
