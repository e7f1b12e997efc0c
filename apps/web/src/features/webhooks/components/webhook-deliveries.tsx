import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@cabdesk/contract';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeliveries, useRedeliver, useWebhooks } from '../api/webhooks';

const COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

/** The delivery log: filters (endpoint, status), each attempt's answer, and redelivery of a selection. */
export function WebhookDeliveries() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [webhookId, setWebhookId] = useState('');
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const deliveries = useDeliveries({
    page,
    ...(webhookId ? { webhook_id: Number(webhookId) } : {}),
    ...(status ? { status } : {}),
  });
  const redeliver = useRedeliver();
  const rows = deliveries.data?.data ?? [];
  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((one) => one !== id) : [...current, id],
    );

  return (
    <Stack gap="sm">
      <Text fw={600}>{t('webhooks.deliveries')}</Text>
      <Group align="end">
        <NativeSelect
          label={t('webhooks.endpoint')}
          data={[
            { value: '', label: t('webhooks.anyEndpoint') },
            ...(webhooks.data ?? []).map((hook) => ({ value: String(hook.id), label: hook.url })),
          ]}
          value={webhookId}
          onChange={(event) => {
            setWebhookId(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('webhooks.status')}
          data={[
            { value: '', label: t('webhooks.anyStatus') },
            ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({
              value,
              label: t(`webhooks.statuses.${value}`),
            })),
          ]}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as WebhookDeliveryStatus | '');
            setPage(1);
          }}
        />
        <Button
          disabled={selected.length === 0}
          loading={redeliver.isPending}
          onClick={async () => {
            await redeliver.mutateAsync({ ids: selected });
            setSelected([]);
          }}
        >
          {t('webhooks.redeliver', { count: selected.length })}
        </Button>
      </Group>
      {/* On a phone the table scrolls inside its box, not the page. */}
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>{t('webhooks.select')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('webhooks.event')}</Table.Th>
              <Table.Th>{t('webhooks.endpoint')}</Table.Th>
              <Table.Th>{t('webhooks.status')}</Table.Th>
              <Table.Th>{t('webhooks.attempts')}</Table.Th>
              <Table.Th>{t('webhooks.answer')}</Table.Th>
              <Table.Th>{t('webhooks.took')}</Table.Th>
              <Table.Th>{t('webhooks.lastAttempt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>{t('common.noRecords')}</Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('webhooks.selectOne', { id: row.id })}
                    checked={selected.includes(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </Table.Td>
                <Table.Td>{row.event_type}</Table.Td>
                <Table.Td>{row.url}</Table.Td>
                <Table.Td>
                  <Badge color={COLOR[row.status]} variant="light" miw="max-content">
                    {t(`webhooks.statuses.${row.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.attempts}</Table.Td>
                <Table.Td>{row.response_code ?? row.last_error ?? '—'}</Table.Td>
                <Table.Td>
                  {row.duration_ms === null ? '—' : t('webhooks.ms', { ms: row.duration_ms })}
                </Table.Td>
                <Table.Td>{row.last_attempt_at ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(deliveries.data?.last_page ?? 1) > 1 && (
        <Pagination value={page} onChange={setPage} total={deliveries.data?.last_page ?? 1} />
      )}
    </Stack>
  );
}
