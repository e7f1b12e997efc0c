import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_REDELIVER_MAX,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@cabdesk/contract';
import { Badge, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterSelect, pagedQueryProps, type Column } from '@/components/data-table';
import type { FilterKind } from '@/hooks/table-url-state';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDateTime, formatFullTimestamp } from '@/lib/format';
import { useDeliveries, useRedeliver, useWebhooks } from '../api/webhooks';
import { DeliveryAttempts } from './delivery-attempts';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

/** The log's filters, kept in the URL with its page (`delivery_page`, `delivery_status`). */
const DELIVERY_FILTERS = {
  webhook_id: 'id',
  status: { one: WEBHOOK_DELIVERY_STATUSES },
} as const satisfies Record<string, FilterKind>;

/**
 * The delivery log, newest first (the order its call has; it sorts by
 * nothing else), paged and filtered by endpoint and status in the URL: each
 * delivery's last answer, redelivery of a selection, and each delivery's
 * attempts one by one.
 */
export function WebhookDeliveries() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const table = useTableUrlState({
    list: 'webhook-deliveries',
    prefix: 'delivery_',
    filters: DELIVERY_FILTERS,
  });
  const deliveries = useDeliveries(table.query);
  const redeliver = useRedeliver();
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((one) => one !== id) : [...current, id],
    );
  const set = (key: keyof typeof DELIVERY_FILTERS) => (value: string | null) =>
    table.setFilter(key, value || null);

  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'event',
      header: t('webhooks.event'),
      card: 'title',
      nowrap: true,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Checkbox
            aria-label={t('webhooks.selectOne', { id: row.id })}
            checked={selected.includes(row.id)}
            onChange={() => toggle(row.id)}
          />
          <Text size="sm" fw={500} dir="ltr">
            {row.event_type}
          </Text>
        </Group>
      ),
    },
    {
      key: 'endpoint',
      header: t('webhooks.endpoint'),
      render: (row) => (
        // A URL breaks only where it must: its column takes the room it needs first.
        <Text size="sm" dir="ltr" style={{ overflowWrap: 'break-word' }}>
          {row.url}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('webhooks.status'),
      nowrap: true,
      render: (row) => (
        <Badge color={STATUS_COLOR[row.status]} variant="light" miw="max-content">
          {t(`webhooks.statuses.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'attempts',
      header: t('webhooks.attempts'),
      align: 'right',
      render: (row) => row.attempts,
    },
    {
      key: 'answer',
      header: t('webhooks.answer'),
      render: (row) => row.response_code ?? row.last_error ?? '—',
    },
    {
      key: 'took',
      header: t('webhooks.took'),
      nowrap: true,
      render: (row) => (row.duration_ms === null ? '—' : t('webhooks.ms', { ms: row.duration_ms })),
    },
    {
      key: 'lastAttempt',
      header: t('webhooks.lastAttempt'),
      nowrap: true,
      render: (row) =>
        row.last_attempt_at ? (
          <span title={formatFullTimestamp(row.last_attempt_at)}>
            {formatDateTime(row.last_attempt_at)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'open',
      header: t('webhooks.actions'),
      card: 'actions',
      nowrap: true,
      render: (row) => (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconListDetails size={16} />}
          aria-label={t('webhooks.attemptsOf', { id: row.id })}
          onClick={() => setOpened(row.id)}
        >
          {t('webhooks.showAttempts')}
        </Button>
      ),
    },
  ];

  const filters = (
    <>
      <FilterSelect
        label={t('webhooks.endpoint')}
        placeholder={t('webhooks.anyEndpoint')}
        options={(webhooks.data ?? []).map((hook) => ({ value: String(hook.id), label: hook.url }))}
        value={table.filters.webhook_id}
        onChange={set('webhook_id')}
      />
      <FilterSelect
        label={t('webhooks.status')}
        placeholder={t('webhooks.anyStatus')}
        options={WEBHOOK_DELIVERY_STATUSES.map((value) => ({
          value,
          label: t(`webhooks.statuses.${value}`),
        }))}
        value={table.filters.status}
        onChange={set('status')}
      />
    </>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {t('webhooks.deliveries')}
        </Title>
        <Button
          leftSection={<IconSend size={16} />}
          disabled={selected.length === 0 || selected.length > WEBHOOK_REDELIVER_MAX}
          loading={redeliver.isPending}
          onClick={async () => {
            await redeliver.mutateAsync({ ids: selected });
            setSelected([]);
          }}
        >
          {t('webhooks.redeliver', { count: selected.length })}
        </Button>
      </Group>
      <DataTable
        label={t('webhooks.deliveries')}
        columns={columns}
        rowKey={(row) => row.id}
        {...pagedQueryProps(deliveries)}
        table={table}
        noun={(count) => t('nouns.delivery', { count })}
        searchable={false}
        filters={filters}
        minWidth={980}
      />
      <DeliveryAttempts id={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
