import { adminList, ROLES, type Administrator, type Role } from '@cabdesk/contract';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { StepUpModal } from '@/components/step-up-modal';
import { DataTable, type Column } from '@/components/data-table';
import { ToneBadge } from '@/components/status-badge';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDateTime } from '@/lib/format';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { useInviteAdmin, useResetTwoFactor, useUpdateAdmin } from '../api/admins';

const STATUS_COLORS = { Active: 'teal', Invited: 'yellow', Inactive: 'gray' } as const;

type Asking = { kind: 'status' | 'reset'; admin: Administrator };

/**
 * The team: name, e-mail, role (changed in place), status, two-factor and
 * last sign-in; deactivate or reactivate, send an invitation again, and turn
 * off a colleague's lost second factor. Every change is asked first.
 */
export function AdminTable({ admins, loading }: { admins?: Administrator[]; loading: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAdmin();
  const reset = useResetTwoFactor();
  const invite = useInviteAdmin();
  const [asking, setAsking] = useState<Asking | null>(null);
  // An Owner resetting their own second factor gives the password and a code again first.
  const [steppingUp, setSteppingUp] = useState<Administrator | null>(null);
  const isMe = (admin: Administrator) => String(admin.id) === readStorage(STORAGE_KEYS.userId);
  // One page, in the list's frame (no search, sort or pager: a team is short).
  const table = useTableUrlState({ list: 'administrators' });

  const confirm = () => {
    if (!asking) return;
    const done = { onSettled: () => setAsking(null) };
    const { admin } = asking;
    const sent =
      asking.kind === 'reset'
        ? reset.mutateAsync({ id: admin.id }, done)
        : update.mutateAsync(
            { id: admin.id, status: admin.status === 'Active' ? 'Inactive' : 'Active' },
            done,
          );
    return sent.catch(() => undefined);
  };

  const columns: Column<Administrator>[] = [
    {
      key: 'name',
      header: t('admins.name'),
      render: (admin) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {admin.name || t('admins.notYet')}
          </Text>
          <Text size="xs" c="dimmed">
            {admin.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'role',
      header: t('admins.role'),
      width: 170,
      render: (admin) => (
        <Select
          aria-label={t('admins.roleOf', { name: admin.name || admin.email })}
          data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={admin.role}
          w={140}
          allowDeselect={false}
          disabled={update.isPending}
          onChange={(role) => role && update.mutate({ id: admin.id, role: role as Role })}
          comboboxProps={{ withinPortal: true }}
        />
      ),
    },
    {
      key: 'status',
      header: t('admins.status'),
      render: (admin) => (
        <ToneBadge
          color={STATUS_COLORS[admin.status]}
          label={t(`admins.statuses.${admin.status}`)}
        />
      ),
    },
    {
      key: 'twoFactor',
      header: t('admins.twoFactor'),
      render: (admin) => (
        <ToneBadge
          color={admin.two_factor ? 'teal' : 'gray'}
          label={admin.two_factor ? t('admins.on') : t('admins.off')}
        />
      ),
    },
    {
      key: 'lastLogin',
      header: t('admins.lastLogin'),
      nowrap: true,
      render: (admin) =>
        admin.last_login_at ? formatDateTime(admin.last_login_at) : t('common.na'),
    },
    {
      key: 'action',
      header: t('table.action'),
      nowrap: true,
      render: (admin) => (
        <Group gap="xs" wrap="nowrap">
          {admin.status === 'Invited' ? (
            <Button
              size="xs"
              variant="light"
              loading={invite.isPending && invite.variables?.email === admin.email}
              onClick={() => invite.mutate({ email: admin.email, role: admin.role })}
            >
              {t('admins.inviteAgain')}
            </Button>
          ) : null}
          {admin.two_factor ? (
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                isMe(admin) ? setSteppingUp(admin) : setAsking({ kind: 'reset', admin })
              }
            >
              {t('admins.resetTwoFactor')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            color={admin.status === 'Inactive' ? 'teal' : 'red'}
            onClick={() => setAsking({ kind: 'status', admin })}
          >
            {admin.status === 'Inactive' ? t('admins.activate') : t('admins.deactivate')}
          </Button>
        </Group>
      ),
    },
  ];

  const name = asking ? asking.admin.name || asking.admin.email : '';
  const deactivating = asking?.kind === 'status' && asking.admin.status !== 'Inactive';
  return (
    <>
      <DataTable
        label={t('pages.administrators')}
        source={{ endpoint: adminList, input: {} }}
        columns={columns}
        rowKey={(admin) => admin.id}
        rows={admins}
        loading={loading}
        table={table}
        noun={(count) => t('nouns.administrator', { count })}
        searchable={false}
        minWidth={900}
      />
      <ConfirmDialog
        opened={asking !== null}
        title={
          asking?.kind === 'reset'
            ? t('admins.resetTitle')
            : deactivating
              ? t('admins.deactivateTitle')
              : t('admins.activateTitle')
        }
        message={
          asking?.kind === 'reset'
            ? t('admins.resetConfirm', { name })
            : deactivating
              ? t('admins.deactivateConfirm', { name })
              : t('admins.activateConfirm', { name })
        }
        confirmLabel={
          asking?.kind === 'reset'
            ? t('admins.resetTwoFactor')
            : deactivating
              ? t('admins.deactivate')
              : t('admins.activate')
        }
        color={deactivating || asking?.kind === 'reset' ? 'red' : 'teal'}
        loading={update.isPending || reset.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
      <StepUpModal
        opened={steppingUp !== null}
        withCode
        onClose={() => setSteppingUp(null)}
        onConfirmed={() => {
          if (steppingUp) setAsking({ kind: 'reset', admin: steppingUp });
          setSteppingUp(null);
        }}
      />
    </>
  );
}
