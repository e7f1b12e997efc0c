import { approvalUser, type ReviewKind } from '@cabdesk/contract';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMay } from '@/hooks/use-may';
import { IconAction } from './icon-action';
import { ConfirmDialog } from './confirm-dialog';
import { checkReason, RejectReason } from './reject-reason';
import { ApprovalBadge } from './status-badge';

/**
 * The review desk opened on these records: approving asks for what the desk
 * asks (the documents looked at, their expiry dates), so every screen that
 * approves sends the record there.
 */
export const deskOf = (records: readonly { kind: ReviewKind; id: number }[]) => {
  const keys = records.map((record) => `${record.kind}-${record.id}`);
  return `/review?${new URLSearchParams({ records: keys.join(','), item: keys[0] ?? '' })}`;
};

interface ApprovalActionsProps {
  id: number;
  approval: string;
  /** Who or what is decided on, for the question ("Ann Lee", "AB-123"). */
  name: string;
  /** What is decided: its usual reasons to reject, and its place on the desk. */
  kind: ReviewKind;
  /** Sends a rejection with its reason; resolves once the server has answered. */
  onReject: (reason: string) => Promise<unknown>;
  pending: boolean;
  /** Buttons with words (detail pages) rather than icons (lists). */
  variant?: 'icons' | 'buttons';
}

/**
 * SPEC 4 while Pending: approve on the review desk (documents and expiry
 * dates), reject here with its reason (required), asked first; the badge once
 * decided (and for a role that may not decide).
 */
export function ApprovalActions({
  id,
  approval,
  name,
  kind,
  onReject,
  pending,
  variant = 'icons',
}: ApprovalActionsProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const may = useMay();
  // Decided, or not this role's to decide: the badge.
  if (approval !== 'Pending' || !may.call(approvalUser))
    return <ApprovalBadge approval={approval} />;

  const close = () => {
    setAsking(false);
    setReason('');
    setReasonError(undefined);
  };
  const confirm = () => {
    const checked = checkReason(reason);
    if ('error' in checked) return setReasonError(checked.error);
    return onReject(checked.reason).then(close, close);
  };
  const desk = deskOf([{ kind, id }]);

  return (
    <>
      {variant === 'icons' ? (
        <Group gap={6} wrap="nowrap">
          <IconAction
            tooltip={t('approval.approveOnDesk')}
            label={t('approval.approveName', { name })}
            variant="light"
            color="teal"
            to={desk}
          >
            <IconCheck size={18} />
          </IconAction>
          <IconAction
            tooltip={t('approval.reject')}
            label={t('approval.rejectName', { name })}
            variant="light"
            color="red"
            onClick={() => setAsking(true)}
          >
            <IconX size={18} />
          </IconAction>
        </Group>
      ) : (
        <Group gap="sm">
          <Button component={Link} to={desk} color="teal" leftSection={<IconCheck size={16} />}>
            {t('approval.approveOnDesk')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            onClick={() => setAsking(true)}
          >
            {t('approval.reject')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('approval.rejectTitle')}
        message={t('approval.rejectConfirm', { name })}
        confirmLabel={t('approval.reject')}
        color="red"
        loading={pending}
        onConfirm={confirm}
        onClose={close}
      >
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
      </ConfirmDialog>
    </>
  );
}
