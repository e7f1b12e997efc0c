import type { PayoutStatus } from '@cabdesk/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<PayoutStatus, string> = {
  draft: 'gray',
  discarded: 'gray',
  approved: 'blue',
  exported: 'indigo',
  paid: 'teal',
  failed: 'red',
};

/** A batch's status as a badge. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" miw="max-content">
      {t(`payouts.statuses.${status}`)}
    </Badge>
  );
}
