import { DOCUMENT_EXPIRED_REASON } from '@cabdesk/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch, type ActiveStatus } from './active-switch';
import { ActiveBadge } from './status-badge';

interface StatusControlProps {
  status: string;
  /** Why it is Inactive: an administrator's reason, or the daily check's. */
  reason: string | null;
  name: string;
  pending: boolean;
  onChange: (status: ActiveStatus, reason?: string) => Promise<unknown>;
}

/**
 * A detail page's Active status: the badge, the switch, and while Inactive
 * the reason it was given (the daily check's "Document expired" is told
 * beside the documents instead).
 */
export function StatusControl({ status, reason, name, pending, onChange }: StatusControlProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs" wrap="nowrap">
        <ActiveBadge status={status} />
        <ActiveSwitch status={status} name={name} pending={pending} onChange={onChange} />
      </Group>
      {status === 'Inactive' && reason && reason !== DOCUMENT_EXPIRED_REASON ? (
        <Text size="xs" c="dimmed" maw={320} ta="end" data-testid="status-reason">
          {t('status.because', { reason })}
        </Text>
      ) : null}
    </Stack>
  );
}
