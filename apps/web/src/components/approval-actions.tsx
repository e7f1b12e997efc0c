import { approvalUser } from '@cabdesk/contract';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '@/hooks/use-may';
import { ConfirmDialog } from './confirm-dialog';
import { IconAction } from './icon-action';
import { ApprovalBadge } from './status-badge';

export type Decision = 'Approved' | 'Rejected';

interface ApprovalActionsProps {
  approval: string;
  /** Who or what is decided on, for the question ("Ann Lee", "AB-123"). */
  name: string;
  /** Sends the decision chosen; resolves once the server has answered. */
  onDecide: (decision: Decision) => Promise<unknown>;
  pending: boolean;
  /** Buttons with words (detail pages) rather than icons (lists). */
  variant?: 'icons' | 'buttons';
}

/**
 * SPEC 4: accept / reject while Pending, each asked first; the badge once decided
 * (and for a role that may not decide).
 */
export function ApprovalActions({
  approval,
  name,
  onDecide,
  pending,
  variant = 'icons',
}: ApprovalActionsProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Decision | null>(null);
  const may = useMay();
  // Decided, or not this role's to decide: the badge.
  if (approval !== 'Pending' || !may.call(approvalUser))
    return <ApprovalBadge approval={approval} />;

  const confirm = () => {
    if (!asking) return;
    onDecide(asking).then(
      () => setAsking(null),
      () => setAsking(null),
    );
  };

  return (
    <>
      {variant === 'icons' ? (
        <Group gap={6} wrap="nowrap">
          <IconAction
            tooltip={t('approval.approve')}
            label={t('approval.approveName', { name })}
            variant="light"
            color="teal"
            onClick={() => setAsking('Approved')}
          >
            <IconCheck size={18} />
          </IconAction>
          <IconAction
            tooltip={t('approval.reject')}
            label={t('approval.rejectName', { name })}
            variant="light"
            color="red"
            onClick={() => setAsking('Rejected')}
          >
            <IconX size={18} />
          </IconAction>
        </Group>
      ) : (
        <Group gap="sm">
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            onClick={() => setAsking('Approved')}
          >
            {t('approval.approve')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            onClick={() => setAsking('Rejected')}
          >
            {t('approval.reject')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'Rejected' ? t('approval.rejectTitle') : t('approval.approveTitle')}
        message={
          asking === 'Rejected'
            ? t('approval.rejectConfirm', { name })
            : t('approval.approveConfirm', { name })
        }
        confirmLabel={asking === 'Rejected' ? t('approval.reject') : t('approval.approve')}
        color={asking === 'Rejected' ? 'red' : 'teal'}
        loading={pending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
