import { userList, type UserListItem } from '@cabdesk/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '@/components/active-switch';
import { filterOf, indexColumn, type Column } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { ContactCell, PersonCell } from '@/components/person-cell';
import { PersonFilters } from '@/components/person-filters';
import { RecordTable } from '@/components/record-table';
import { useDecideUserApproval } from '@/features/users/api/decide-user-approval';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useUserList } from '@/features/users/api/get-user-list';
import { useUpdateUserStatus } from '@/features/users/api/update-user-status';
import { companyName } from '@/features/users/company-name';
import { COMPANY_TABLE } from '@/features/users/directory-tables';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatCount, formatDate } from '@/lib/format';

/**
 * SPEC 2 Company list: name, contact, registration date, total vehicle, total
 * driver, approval (icons while Pending), active toggle once Approved, view.
 */
export function CompanyListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState(COMPANY_TABLE);
  const companies = useUserList({ user_type: 'Company', ...table.query });
  const approval = useDecideUserApproval();
  const statusUpdate = useUpdateUserStatus();
  const remove = useDeleteUser();

  const columns: Column<UserListItem>[] = [
    indexColumn(48),
    {
      key: 'company',
      header: t('companies.name'),
      render: (company) => (
        <PersonCell name={companyName(company)} image={company.profile} detail={company.name} />
      ),
      sort: 'company_name',
      card: 'title',
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
      sort: 'created_at',
      sortDescending: true,
    },
    {
      key: 'vehicles',
      header: t('companies.totalVehicle'),
      render: (company) => formatCount(company.total_vehicle),
      align: 'center',
      sort: 'total_vehicle',
      sortDescending: true,
    },
    {
      key: 'drivers',
      header: t('companies.totalDriver'),
      render: (company) => formatCount(company.total_driver),
      align: 'center',
      sort: 'total_driver',
      sortDescending: true,
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.company')} />
      <RecordTable<UserListItem>
        label={t('pages.company')}
        source={{ endpoint: userList, input: { user_type: 'Company', ...table.query } }}
        bulk={{
          table: 'users',
          actions: ['approve', 'reject', 'activate', 'deactivate'],
          kind: 'company',
          nameOf: companyName,
          filter: filterOf({ user_type: 'Company', ...table.query }),
        }}
        list={companies}
        columns={columns}
        table={table}
        filters={<PersonFilters table={table} />}
        noun={(count) => t('nouns.company', { count })}
        defaultSort="-created_at"
        minWidth={940}
        kind="company"
        nameOf={companyName}
        detailOf={(company) => `/company-detail/${company.id}`}
        approval={approval}
        remove={remove}
        before={(company) =>
          company.approval === 'Approved' ? (
            <ActiveSwitch
              status={company.status}
              name={companyName(company)}
              pending={statusUpdate.isPending && statusUpdate.variables?.id === company.id}
              onChange={(status, reason) =>
                statusUpdate.mutateAsync({ id: company.id, status, reason })
              }
            />
          ) : null
        }
      />
    </Stack>
  );
}
