import { integrationKeyList, type IntegrationKey } from '@cabdesk/contract';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type Column } from '@/components/data-table';
import { ToneBadge } from '@/components/status-badge';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDateTime } from '@/lib/format';
import { useRevokeIntegrationKey } from '../api/integration-keys';

/**
 * The integration keys: name, scopes, prefix, when made and by whom, last
 * use, and whether revoked; a live key is revoked after a confirmation.
 */
export function KeyTable({ keys, loading }: { keys?: IntegrationKey[]; loading: boolean }) {
  const { t } = useTranslation();
  const revoke = useRevokeIntegrationKey();
  const [asking, setAsking] = useState<IntegrationKey | null>(null);
  // One page, in the list's frame (no search, sort or pager: a desk has a handful of keys).
  const table = useTableUrlState({ list: 'integration-keys' });

  const columns: Column<IntegrationKey>[] = [
    {
      key: 'name',
      header: t('integrations.name'),
      render: (key) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {key.name}
          </Text>
          <Code fz="xs" dir="ltr" w="fit-content">
            {`${key.prefix}…`}
          </Code>
        </Stack>
      ),
    },
    {
      key: 'scopes',
      header: t('integrations.scopes'),
      render: (key) => (
        <Group gap={4} maw={320}>
          {key.scopes.map((scope) => (
            <Badge key={scope} variant="light" color="gray" tt="none" dir="ltr">
              {scope}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'created',
      header: t('integrations.created'),
      nowrap: true,
      render: (key) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(key.created_at)}</Text>
          {key.created_by ? (
            <Text size="xs" c="dimmed">
              {t('integrations.by', { name: key.created_by })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'lastUsed',
      header: t('integrations.lastUsed'),
      nowrap: true,
      render: (key) =>
        key.last_used_at ? formatDateTime(key.last_used_at) : t('integrations.never'),
    },
    {
      key: 'status',
      header: t('integrations.status'),
      nowrap: true,
      render: (key) =>
        key.revoked_at ? (
          <Stack gap={2}>
            <ToneBadge color="gray" label={t('integrations.revoked')} />
            <Text size="xs" c="dimmed">
              {formatDateTime(key.revoked_at)}
            </Text>
          </Stack>
        ) : (
          <ToneBadge color="teal" label={t('integrations.active')} />
        ),
    },
    {
      key: 'action',
      header: t('table.action'),
      nowrap: true,
      render: (key) =>
        key.revoked_at ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={t('integrations.revokeKey', { name: key.name })}
            onClick={() => setAsking(key)}
          >
            {t('integrations.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <DataTable
        label={t('pages.integrations')}
        source={{ endpoint: integrationKeyList, input: {} }}
        columns={columns}
        rowKey={(key) => key.id}
        rows={keys}
        loading={loading}
        table={table}
        noun={(count) => t('nouns.integrationKey', { count })}
        searchable={false}
        minWidth={900}
      />
      <ConfirmDialog
        opened={asking !== null}
        title={t('integrations.revokeTitle')}
        message={t('integrations.revokeConfirm', { name: asking?.name ?? '' })}
        confirmLabel={t('integrations.revoke')}
        color="red"
        loading={revoke.isPending}
        onConfirm={() =>
          asking &&
          revoke
            .mutateAsync({ id: asking.id }, { onSettled: () => setAsking(null) })
            .catch(() => undefined)
        }
        onClose={() => setAsking(null)}
      />
    </>
  );
}
