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

const EUROS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });

/** An amount of a SEPA payout ("120.50") in euros, written as the app writes numbers: €120.50. */
export const formatEuros = (amount: string) => EUROS.format(Number(amount));
