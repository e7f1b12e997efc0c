import '@mantine/core/styles/Table.layer.css';
import type { Statement, StatementLine } from '@cabdesk/contract';
import { Anchor, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { formatCount, formatMoney } from '@/lib/format';

/**
 * An amount of the ledger ("-3.10") as SPEC writes money (-$3.10), kept left
 * to right inside Arabic text so the sign stays before the number.
 */
export function Amount({ value, strong = false }: { value: string | null; strong?: boolean }) {
  if (value === null) return <>—</>;
  return (
    <Text
      span
      dir="ltr"
      fw={strong ? 700 : undefined}
      fz="inherit"
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}
    >
      {formatMoney(Number(value))}
    </Text>
  );
}

/** The rows of a summary: label and value, the last of a group in bold. */
type SummaryRow = { label: string; value: ReactNode; strong?: boolean; testId?: string };

function SummaryTable({ caption, rows }: { caption: string; rows: SummaryRow[] }) {
  return (
    <Table
      withTableBorder
      verticalSpacing={6}
      horizontalSpacing="md"
      captionSide="top"
      className="statement-summary"
    >
      <Table.Caption style={{ textAlign: 'start', fontWeight: 600 }}>{caption}</Table.Caption>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label} data-testid={row.testId}>
            <Table.Th scope="row" fw={row.strong ? 700 : 500}>
              {row.label}
            </Table.Th>
            <Table.Td style={{ textAlign: 'end' }} fw={row.strong ? 700 : undefined}>
              {row.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The period's trips (their splits) and how the balance went from opening to closing. */
export function StatementSummary({ data, t }: { data: Statement; t: TFunction }) {
  const isDriver = data.party.kind === 'driver';
  return (
    <>
      <SummaryTable
        caption={t('statements.tripsCaption')}
        rows={[
          {
            label: t('statements.trips'),
            value: formatCount(data.trips),
            testId: 'statement-trips',
          },
          { label: t('statements.gross'), value: <Amount value={data.gross} /> },
          { label: t('statements.coupons'), value: <Amount value={data.coupons} /> },
          { label: t('statements.commission'), value: <Amount value={data.commission} /> },
          {
            label: t(isDriver ? 'statements.driverShare' : 'statements.companyShare'),
            value: <Amount value={data.share} />,
          },
          {
            label: t(isDriver ? 'statements.cashCollected' : 'statements.cashByDrivers'),
            value: <Amount value={data.cash_collected} />,
          },
        ]}
      />
      <SummaryTable
        caption={t('statements.balanceCaption')}
        rows={[
          { label: t('statements.opening'), value: <Amount value={data.opening_balance} /> },
          {
            label: t(isDriver ? 'statements.tripsTotalDriver' : 'statements.tripsTotal'),
            value: <Amount value={data.trips_total} />,
          },
          { label: t('statements.refunds'), value: <Amount value={data.refunds} /> },
          { label: t('statements.adjustments'), value: <Amount value={data.adjustments} /> },
          { label: t('statements.payouts'), value: <Amount value={data.payouts} /> },
          {
            label: t('statements.closing'),
            value: <Amount value={data.closing_balance} strong />,
            strong: true,
            testId: 'statement-closing',
          },
        ]}
      />
    </>
  );
}

/** The columns of a statement's lines, on screen and printed. */
export function lineColumns(t: TFunction, { links = true } = {}): Column<StatementLine>[] {
  const amount = (key: keyof StatementLine, header: string): Column<StatementLine> => ({
    key,
    header,
    align: 'right',
    nowrap: true,
    render: (line) => <Amount value={line[key] as string | null} />,
  });
  return [
    {
      key: 'at',
      header: t('statements.date'),
      nowrap: true,
      render: (line) => <DateTime value={line.at} />,
    },
    {
      key: 'kind',
      header: t('statements.kind'),
      card: 'title',
      render: (line) => t(`statements.kinds.${line.kind}`),
    },
    {
      key: 'reference',
      header: t('statements.reference'),
      nowrap: true,
      render: (line) =>
        line.ride_id !== null && links ? (
          <Anchor
            component={Link}
            to={`/trip-detail/${line.ride_id}`}
            fz="inherit"
            aria-label={t('statements.openTrip', { id: line.ride_id })}
          >
            #{line.ride_id}
          </Anchor>
        ) : (
          `#${line.reference}`
        ),
    },
    amount('gross', t('statements.gross')),
    amount('coupon_discount', t('statements.coupon')),
    amount('platform_commission', t('statements.commission')),
    amount('share', t('statements.share')),
    amount('cash_collected', t('statements.cash')),
    {
      ...amount('amount', t('statements.amount')),
      render: (line) => <Amount value={line.amount} strong />,
    },
  ];
}

/** "Mar-01-2026 – Mar-31-2026": a statement's days. */
export const periodText = (format: (day: string) => string, from: string, to: string) =>
  `${format(from)} – ${format(to)}`;
