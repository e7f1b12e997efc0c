import type { MoneyRequest, RideDetail } from '@cabdesk/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { InfoList } from '@/components/info-list';
import { SectionCard } from '@/components/section-card';
import { formatMoney } from '@/lib/format';
import { useMoneyRequests, useRideSplit } from '../api/refunds';
import { refundLeft, refundTotal } from '../refund-left';
import { decisionLine, MoneyRequestStatus, RequestActions } from './money-request-parts';
import { RefundButton } from './refund-button';

/** A trip has few refunds: one page shows them all. */
const REFUNDS_SHOWN = 50;

/**
 * A completed trip's money, for Owners and Finance (issue 48): its split
 * (gross, coupon, commission, the company's and driver's shares, cash), its
 * refunds with their state, and the Refund action.
 */
export function RideMoney({ ride }: { ride: Pick<RideDetail, 'id' | 'ride_status'> }) {
  const { t } = useTranslation();
  const split = useRideSplit(ride.id, ride.ride_status === 'Complete');
  const refunds = useMoneyRequests(
    { kind: 'refund', ride_id: ride.id, per_page: REFUNDS_SHOWN },
    ride.ride_status === 'Complete',
  );
  if (!split.data) return null;
  const s = split.data;
  const paid = Number(s.gross) - Number(s.coupon_discount);
  const rows = refunds.data?.data ?? [];
  // Refunded: approved; what is left to refund counts the waiting ones too.
  const refunded = refundTotal(rows.filter((r) => r.status === 'approved'));
  const left = refundLeft(s, rows);
  return (
    <SectionCard
      title={t('refunds.moneyTitle')}
      actions={refunds.data ? <RefundButton rideId={ride.id} left={left} /> : null}
    >
      <Stack gap="lg" data-testid="ride-money">
        <InfoList
          cols={4}
          items={[
            { label: t('refunds.gross'), value: formatMoney(Number(s.gross)) },
            { label: t('refunds.coupon'), value: formatMoney(Number(s.coupon_discount)) },
            { label: t('refunds.paid'), value: formatMoney(paid) },
            {
              label: t('refunds.cash'),
              value: s.cash_collected ? t('refunds.cashYes') : t('refunds.cashNo'),
            },
            {
              label: t('refunds.commission', { percent: s.percent }),
              value: formatMoney(Number(s.platform_commission)),
            },
            {
              label: t('refunds.companyShare', { percent: s.company_percent }),
              value: formatMoney(Number(s.company_share)),
            },
            { label: t('refunds.driverShare'), value: formatMoney(Number(s.driver_share)) },
            { label: t('refunds.refunded'), value: formatMoney(refunded) },
          ]}
        />
        <RefundList rows={rows} />
      </Stack>
    </SectionCard>
  );
}

function RefundList({ rows }: { rows: MoneyRequest[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('refunds.noRefunds')}
      </Text>
    );
  }
  // A list, not a table: it reads the same on a phone.
  return (
    <Stack gap={0} aria-label={t('refunds.refundsOfTrip')} role="list" data-testid="ride-refunds">
      {rows.map((r) => (
        <Group
          key={r.id}
          role="listitem"
          justify="space-between"
          align="flex-start"
          wrap="wrap"
          gap="sm"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
            <Group gap="sm" wrap="nowrap">
              <Text fw={700}>{formatMoney(Number(r.amount))}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.reason}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('refunds.madeByOn', { name: r.maker_name })} <DateTime value={r.created_at} />
              {r.status === 'pending' ? '' : ` · ${decisionLine(t, r)}`}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <MoneyRequestStatus request={r} />
            <RequestActions request={r} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
