import { userList, type UserListItem } from '@cabdesk/contract';
import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '@/components/active-switch';
import {
  DataTable,
  filterOf,
  indexColumn,
  pagedQueryProps,
  type Column,
} from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { ContactCell, PersonCell } from '@/components/person-cell';
import { PersonFilters } from '@/components/person-filters';
import { ViewLink } from '@/components/view-link';
import { useUserList } from '@/features/users/api/get-user-list';
import { useUpdateUserStatus } from '@/features/users/api/update-user-status';
import { USER_TABLE } from '@/features/users/directory-tables';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDate } from '@/lib/format';

/**
 * SPEC 2 User list: index, user, contact, registration date, action; sorted
 * by name or registration date, filtered by status and registration days
 * (passengers have no approval).
 */
export function UserListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState(USER_TABLE);
  const users = useUserList({ user_type: 'User', ...table.query });
  const statusUpdate = useUpdateUserStatus();

  const columns: Column<UserListItem>[] = [
    indexColumn(),
    {
      key: 'user',
      header: t('users.userDetail'),
      render: (user) => <PersonCell name={user.name} image={user.profile} />,
      sort: 'name',
      card: 'title',
    },
    {
      key: 'contact',
      header: t('users.contact'),
      render: (user) => <ContactCell phone={user.phone} email={user.email} />,
    },
    {
      key: 'registered',
      header: t('users.registrationDate'),
      render: (user) => formatDate(user.created_at),
      sort: 'created_at',
      sortDescending: true,
      nowrap: true,
    },
    {
      key: 'action',
      header: t('table.action'),
      card: 'actions',
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          <ActiveSwitch
            status={user.status}
            name={user.name}
            pending={statusUpdate.isPending && statusUpdate.variables?.id === user.id}
            onChange={(status, reason) => statusUpdate.mutateAsync({ id: user.id, status, reason })}
          />
          <ViewLink to={`/user-detail/${user.id}`} name={user.name} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.user')} />
      <DataTable
        label={t('pages.user')}
        source={{ endpoint: userList, input: { user_type: 'User', ...table.query } }}
        bulk={{
          table: 'users',
          actions: ['activate', 'deactivate'],
          nameOf: (user) => user.name,
          filter: filterOf({ user_type: 'User', ...table.query }),
        }}
        columns={columns}
        rowKey={(user) => user.id}
        {...pagedQueryProps(users)}
        table={table}
        noun={(count) => t('nouns.user', { count })}
        defaultSort="-created_at"
        filters={<PersonFilters table={table} />}
        minWidth={760}
      />
    </Stack>
  );
}
