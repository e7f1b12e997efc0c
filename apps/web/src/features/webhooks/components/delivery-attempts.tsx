import '@mantine/core/styles/DataList.layer.css';
import type { WebhookAttempt } from '@cabdesk/contract';
import { Alert, Badge, Code, DataList, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from '@/components/popup';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatFullTimestamp } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useDeliveryAttempts } from '../api/webhooks';

/** A label's width: the values line up beside them; a long label wraps. */
const LABEL_WIDTH = 120;

/** One attempt: when, the answer's status (or none), how long it took, its error and the start of its body. */
function AttemptCard({ attempt, n }: { attempt: WebhookAttempt; n: number }) {
  const { t } = useTranslation();
  const ok = attempt.error === null;
  const fact = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel w={LABEL_WIDTH} miw={LABEL_WIDTH} style={{ flexShrink: 0 }}>
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue style={{ minWidth: 0 }}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="attempt">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {t('webhooks.attemptN', { n })}
          </Text>
          <Badge color={ok ? 'teal' : 'red'} variant="light" miw="max-content">
            {attempt.response_code ?? t('webhooks.noAnswer')}
          </Badge>
        </Group>
        <DataList size="sm" gap={6}>
          {fact(
            t('webhooks.when'),
            <span title={formatFullTimestamp(attempt.attempted_at)}>
              {formatDateTime(attempt.attempted_at)}
            </span>,
          )}
          {fact(t('webhooks.took'), t('webhooks.ms', { ms: attempt.duration_ms }))}
          {attempt.error !== null &&
            fact(
              t('webhooks.error'),
              <Text size="sm" c="red" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {attempt.error}
              </Text>,
            )}
        </DataList>
        {/* The receiver's own text, under its label at full width: shown as it came, left to right. */}
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('webhooks.response')}
          </Text>
          {attempt.response_excerpt === null ? (
            <Text size="sm">{t('webhooks.noBody')}</Text>
          ) : (
            <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {attempt.response_excerpt}
            </Code>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * A delivery's drill-down (the log's "Attempts"): the event and endpoint,
 * and every attempt, oldest first; a pending delivery says when it is tried
 * next.
 */
export function DeliveryAttempts({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useDeliveryAttempts(id);
  const found = read.data;
  return (
    <Popup
      opened={id !== null}
      onClose={onClose}
      size="lg"
      title={t('webhooks.attemptsTitle', { id: id ?? '' })}
    >
      {read.isPending && id !== null ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : read.error ? (
        <Alert color="red" variant="light">
          {translateMessage(errorMessage(read.error))}
        </Alert>
      ) : found ? (
        <Stack gap="sm">
          <DataList size="sm" gap={6}>
            <DataList.Item>
              <DataList.ItemLabel w={LABEL_WIDTH} miw={LABEL_WIDTH} style={{ flexShrink: 0 }}>
                {t('webhooks.event')}
              </DataList.ItemLabel>
              <DataList.ItemValue fw={600} dir="ltr">
                {found.delivery.event_type}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel w={LABEL_WIDTH} miw={LABEL_WIDTH} style={{ flexShrink: 0 }}>
                {t('webhooks.endpoint')}
              </DataList.ItemLabel>
              <DataList.ItemValue dir="ltr" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {found.delivery.url}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
          {found.delivery.next_attempt_at && (
            <Text size="sm" c="dimmed">
              {t('webhooks.nextAttempt', { when: formatDateTime(found.delivery.next_attempt_at) })}
            </Text>
          )}
          {found.attempts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('webhooks.notTried')}
            </Text>
          ) : (
            <Stack component="ol" gap="sm" m={0} p={0} aria-label={t('webhooks.attempts')}>
              {found.attempts.map((attempt, index) => (
                <AttemptCard key={attempt.id} attempt={attempt} n={index + 1} />
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
    </Popup>
  );
}
