import { moneyApprove, type MoneyRequest } from '@cabdesk/contract';
import { Button, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '@/components/status-badge';
import { useMay } from '@/hooks/use-may';
import { useMoneyApprove, useMyId } from '../api/refunds';

/** Waiting (yellow) or approved (teal). */
export function MoneyRequestStatus({ request }: { request: Pick<MoneyRequest, 'status'> }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      color={request.status === 'pending' ? 'yellow' : 'teal'}
      label={t(`refunds.statuses.${request.status}`)}
      testId="money-request-status"
    />
  );
}

/**
 * Approve, for a waiting request and a second administrator; its maker reads
 * that it needs a second one (the server would answer 403).
 */
export function ApproveButton({ request }: { request: MoneyRequest }) {
  const { t } = useTranslation();
  const approve = useMoneyApprove();
  const me = useMyId();
  const may = useMay().call(moneyApprove);
  if (!may || request.status !== 'pending' || me === undefined) return null;
  if (me === request.maker_id) {
    return (
      <Text size="xs" c="dimmed" title={t('refunds.notYours')} data-testid="needs-second">
        {t('refunds.waitsForSecond')}
      </Text>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconChecks size={14} />}
      loading={approve.isPending}
      aria-label={t('refunds.approveN', { id: request.id })}
      onClick={() => approve.mutate({ id: request.id })}
    >
      {t('refunds.approve')}
    </Button>
  );
}
