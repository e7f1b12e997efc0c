import {
  moneyApprove,
  moneyReject,
  moneyWithdraw,
  type MoneyRequest,
  type MoneyRequestStatus as Status,
} from '@cabdesk/contract';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconChecks, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ToneBadge } from '@/components/status-badge';
import { useMay } from '@/hooks/use-may';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useMoneyApprove, useMoneyReject, useMoneyWithdraw, useMyId } from '../api/refunds';

const TONES: Record<Status, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
};

/** Waiting (yellow), approved (teal), rejected (red) or withdrawn (gray). */
export function MoneyRequestStatus({ request }: { request: Pick<MoneyRequest, 'status'> }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      color={TONES[request.status]}
      label={t(`refunds.statuses.${request.status}`)}
      testId="money-request-status"
    />
  );
}

/** Who decided a request, and a rejection's reason ("rejected by Ana Ruiz: no receipt"); null while it waits. */
export function decisionLine(t: TFunction, request: MoneyRequest) {
  if (request.status === 'approved' && request.approver_name !== null) {
    return t('refunds.approvedByName', { name: request.approver_name });
  }
  if (request.status === 'rejected') {
    return t('refunds.rejectedBy', {
      name: request.decided_by_name,
      reason: request.decision_reason,
    });
  }
  if (request.status === 'withdrawn') {
    return t('refunds.withdrawnBy', { name: request.decided_by_name });
  }
  return null;
}

/** "Refund of trip #12" or "Adjustment: Ana Ruiz (driver)". */
function requestWhat(t: TFunction, r: MoneyRequest) {
  if (r.kind === 'refund') return t('refunds.refundOfTrip', { id: r.ride_id });
  return t(r.company_id !== null ? 'refunds.adjustmentOfCompany' : 'refunds.adjustmentOfDriver', {
    name: r.party_name,
  });
}

/**
 * What can be done with a waiting request: Approve and Reject (asked first,
 * with a reason) for a second administrator; for its maker, that it needs a
 * second one (the server would answer 403) and Withdraw (asked first).
 */
export function RequestActions({ request }: { request: MoneyRequest }) {
  const { t } = useTranslation();
  const approve = useMoneyApprove();
  const reject = useMoneyReject();
  const withdraw = useMoneyWithdraw();
  const me = useMyId();
  const may = useMay();
  const [asking, setAsking] = useState<'reject' | 'withdraw' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  if (request.status !== 'pending' || me === undefined) return null;

  const close = () => {
    setAsking(null);
    setReason('');
    setReasonError(undefined);
  };
  const about = {
    what: requestWhat(t, request),
    amount: formatMoney(Number(request.amount)),
  };
  const mine = me === request.maker_id;

  if (mine) {
    if (!may.call(moneyWithdraw)) return null;
    return (
      <>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" title={t('refunds.notYours')} data-testid="needs-second">
            {t('refunds.waitsForSecond')}
          </Text>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconArrowBackUp size={14} />}
            aria-label={t('refunds.withdrawN', { id: request.id })}
            onClick={() => setAsking('withdraw')}
          >
            {t('refunds.withdraw')}
          </Button>
        </Group>
        <ConfirmDialog
          opened={asking === 'withdraw'}
          title={t('refunds.withdrawTitle')}
          message={t('refunds.withdrawConfirm', about)}
          confirmLabel={t('refunds.withdraw')}
          color="red"
          loading={withdraw.isPending}
          onConfirm={() => withdraw.mutateAsync({ id: request.id }).then(close, close)}
          onClose={close}
        />
      </>
    );
  }

  // The reason checked as the server checks it ("Please enter a reason."), before it is sent.
  const confirmReject = () => {
    const checked = moneyReject.input.safeParse({ id: request.id, reason });
    if (!checked.success) {
      return setReasonError(translateMessage(checked.error.issues[0]?.message ?? ''));
    }
    return reject.mutateAsync(checked.data).then(close, close);
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {may.call(moneyApprove) && (
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
        )}
        {may.call(moneyReject) && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={14} />}
            aria-label={t('refunds.rejectN', { id: request.id })}
            onClick={() => setAsking('reject')}
          >
            {t('refunds.reject')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={asking === 'reject'}
        title={t('refunds.rejectTitle')}
        message={t('refunds.rejectConfirm', about)}
        confirmLabel={t('refunds.reject')}
        color="red"
        loading={reject.isPending}
        onConfirm={confirmReject}
        onClose={close}
      >
        <Textarea
          label={t('refunds.rejectReason')}
          placeholder={t('refunds.rejectReasonPlaceholder')}
          autosize
          minRows={2}
          maxRows={5}
          required
          autoFocus
          value={reason}
          error={reasonError}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(undefined);
          }}
        />
      </ConfirmDialog>
    </>
  );
}
