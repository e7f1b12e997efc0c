import { approvalUser, type ReviewKind } from '@cabdesk/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '@/hooks/use-may';
import { ConfirmDialog } from './confirm-dialog';
import { IconAction } from './icon-action';
import { Popup, PopupActions } from './popup';
import { checkReason, RejectReason } from './reject-reason';
import { ApprovalBadge } from './status-badge';

export type Decision = 'Approved' | 'Rejected';

/** The two decisions, as icons (a row of a list) or buttons (a detail page). */
const DECISIONS = [
  {
    decision: 'Approved',
    label: 'approval.approve',
    named: 'approval.approveName',
    color: 'teal',
    button: 'filled',
    Icon: IconCheck,
  },
  {
    decision: 'Rejected',
    label: 'approval.reject',
    named: 'approval.rejectName',
    color: 'red',
    button: 'light',
    Icon: IconX,
  },
] as const;

interface ApprovalActionsProps {
  approval: string;
  /** Who or what is decided on, for the question ("Ann Lee", "AB-123"). */
  name: string;
  /** What is decided: its usual reasons to reject. */
  kind: ReviewKind;
  /** Sends the decision chosen (a rejection with its reason); resolves once the server has answered. */
  onDecide: (decision: Decision, reason?: string) => Promise<unknown>;
  pending: boolean;
  /** Buttons with words (detail pages) rather than icons (lists). */
  variant?: 'icons' | 'buttons';
}

/**
 * SPEC 4: accept / reject while Pending, each asked first (a rejection with
 * its reason, required); the badge once decided (and for a role that may not
 * decide).
 */
export function ApprovalActions({
  approval,
  name,
  kind,
  onDecide,
  pending,
  variant = 'icons',
}: ApprovalActionsProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const may = useMay();
  // Decided, or not this role's to decide: the badge.
  if (approval !== 'Pending' || !may.call(approvalUser))
    return <ApprovalBadge approval={approval} />;

  const close = () => {
    setAsking(null);
    setReason('');
    setReasonError(undefined);
  };
  const confirm = () => {
    if (!asking) return;
    let given: string | undefined;
    if (asking === 'Rejected') {
      const checked = checkReason(reason);
      if ('error' in checked) return setReasonError(checked.error);
      given = checked.reason;
    }
    return onDecide(asking, given).then(close, close);
  };

  return (
    <>
      {variant === 'icons' ? (
        <Group gap={6} wrap="nowrap">
          {DECISIONS.map(({ decision, label, named, color, Icon }) => (
            <IconAction
              key={decision}
              tooltip={t(label)}
              label={t(named, { name })}
              variant="light"
              color={color}
              onClick={() => setAsking(decision)}
            >
              <Icon size={18} />
            </IconAction>
          ))}
        </Group>
      ) : (
        <Group gap="sm">
          {DECISIONS.map(({ decision, label, color, button, Icon }) => (
            <Button
              key={decision}
              color={color}
              variant={button}
              leftSection={<Icon size={16} />}
              onClick={() => setAsking(decision)}
            >
              {t(label)}
            </Button>
          ))}
        </Group>
      )}
      <ConfirmDialog
        opened={asking === 'Approved'}
        title={t('approval.approveTitle')}
        message={t('approval.approveConfirm', { name })}
        confirmLabel={t('approval.approve')}
        color="teal"
        loading={pending}
        onConfirm={confirm}
        onClose={close}
      />
      <Popup
        opened={asking === 'Rejected'}
        onClose={pending ? () => undefined : close}
        title={t('approval.rejectTitle')}
        withCloseButton={false}
      >
        <Stack gap="lg">
          <Text>{t('approval.rejectConfirm', { name })}</Text>
          <RejectReason
            kind={kind}
            value={reason}
            error={reasonError}
            autoFocus
            onChange={(text) => {
              setReason(text);
              setReasonError(undefined);
            }}
          />
          <PopupActions
            cancelLabel={t('confirm.cancel')}
            confirmLabel={t('approval.reject')}
            color="red"
            pending={pending}
            onCancel={close}
            onConfirm={confirm}
          />
        </Stack>
      </Popup>
    </>
  );
}
