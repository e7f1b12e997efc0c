import type { UserListItem } from '@cabdesk/contract';
import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '@/components/active-switch';
import { DataTable, type Column, pagedQueryProps } from '@/components/data-table';
import { ListToolbar } from '@/components/list-toolbar';
import { PageTitle } from '@/components/page-title';
import { ContactCell, PersonCell } from '@/components/person-cell';
import { ViewLink } from '@/components/view-link';
import { useUserList } from '@/features/users/api/get-user-list';
import { useUpdateUserStatus } from '@/features/users/api/update-user-status';
import { usePersonTableState } from '@/hooks/use-person-table-state';
import { formatDate } from '@/lib/format';

/** SPEC 2 User list: index, user, contact, registration date, action. */
export function UserListPage() {
  const { t } = useTranslation();
  const table = usePersonTableState();
  const users = useUserList({ user_type: 'User', ...table.query });
  const statusUpdate = useUpdateUserStatus();

  const columns: Column<UserListItem>[] = [
    { key: 'index', header: '#', render: (_, index) => index, width: 56 },
    {
      key: 'user',
      header: t('users.userDetail'),
      render: (user) => <PersonCell name={user.name} image={user.profile} />,
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
    },
    {
      key: 'action',
      header: t('table.action'),
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          <ActiveSwitch
            status={user.status}
            name={user.name}
            pending={statusUpdate.isPending && statusUpdate.variables?.id === user.id}
            onChange={(status) => statusUpdate.mutateAsync({ id: user.id, status })}
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
        columns={columns}
        rowKey={(user) => user.id}
        {...pagedQueryProps(users, table.setPage)}
        minWidth={760}
        toolbar={<ListToolbar table={table} />}
      />
    </Stack>
  );
}
