import { MONEY_REQUEST_KINDS, MONEY_REQUEST_STATUSES, type MoneyRequest } from '@cabdesk/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DataTable,
  FilterSelect,
  indexColumn,
  pagedQueryProps,
  type Column,
} from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PageTitle } from '@/components/page-title';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatMoney } from '@/lib/format';
import { useMoneyRequests, useMoneySettings } from '@/features/refunds/api/refunds';
import {
  decisionLine,
  MoneyRequestStatus,
  RequestActions,
} from '@/features/refunds/components/money-request-parts';
import { ThresholdButton } from '@/features/refunds/components/threshold-button';

const FILTERS = {
  status: { one: MONEY_REQUEST_STATUSES },
  kind: { one: MONEY_REQUEST_KINDS },
};

/**
 * Approvals (issue 48): refunds and adjustments, what waits for a second
 * administrator (the dashboard links to `?status=pending`), each with its
 * trip or party, amount, reason, who made it and who decided it; Approve and
 * Reject for an Owner or Finance administrator who did not make it, Withdraw
 * for the one who did.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({ list: 'approvals', filters: FILTERS });
  const { filters, setFilter } = table;
  const requests = useMoneyRequests(table.query);
  const settings = useMoneySettings();

  const columns: Column<MoneyRequest>[] = [
    indexColumn(56),
    {
      key: 'what',
      header: t('refunds.what'),
      card: 'title',
      render: (r) =>
        r.kind === 'refund' ? (
          <Anchor component={Link} to={`/trip-detail/${r.ride_id}`} size="sm">
            {t('refunds.refundOfTrip', { id: r.ride_id })}
          </Anchor>
        ) : (
          <Anchor
            component={Link}
            to={
              r.company_id !== null
                ? `/company-detail/${r.company_id}`
                : `/driver-detail/${r.driver_id}`
            }
            size="sm"
          >
            {t(
              r.company_id !== null ? 'refunds.adjustmentOfCompany' : 'refunds.adjustmentOfDriver',
              {
                name: r.party_name,
              },
            )}
          </Anchor>
        ),
    },
    {
      key: 'amount',
      header: t('refunds.amount'),
      align: 'right',
      nowrap: true,
      render: (r) => formatMoney(Number(r.amount)),
    },
    {
      key: 'reason',
      header: t('refunds.reason'),
      render: (r) => <Text size="sm">{r.reason}</Text>,
    },
    {
      key: 'made',
      header: t('refunds.madeBy'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.maker_name}</Text>
          <Text size="xs" c="dimmed">
            <DateTime value={r.created_at} />
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('refunds.state'),
      nowrap: true,
      card: 'actions',
      render: (r) =>
        r.status === 'pending' ? (
          // Wraps on a phone's card: a long badge and two buttons do not fit one line there.
          <Group gap="xs" wrap="wrap">
            <MoneyRequestStatus request={r} />
            <RequestActions request={r} />
          </Group>
        ) : (
          <Stack gap={2} align="flex-start">
            <MoneyRequestStatus request={r} />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {decisionLine(t, r)}
            </Text>
          </Stack>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.approvals')} />
      {settings.data && (
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 20rem' }}>
            {t('refunds.thresholdLine', {
              threshold: formatMoney(Number(settings.data.approval_threshold)),
            })}
          </Text>
          <ThresholdButton threshold={settings.data.approval_threshold} />
        </Group>
      )}
      <DataTable
        label={t('pages.approvals')}
        columns={columns}
        rowKey={(r) => r.id}
        {...pagedQueryProps(requests)}
        table={table}
        searchable={false}
        noun={(count) => t('refunds.nouns', { count })}
        filters={
          <>
            <FilterSelect
              label={t('refunds.state')}
              placeholder={t('refunds.allStates')}
              options={MONEY_REQUEST_STATUSES.map((s) => ({
                value: s,
                label: t(`refunds.statuses.${s}`),
              }))}
              value={filters.status}
              onChange={(v) => setFilter('status', v ?? '')}
            />
            <FilterSelect
              label={t('refunds.kind')}
              placeholder={t('refunds.allKinds')}
              options={MONEY_REQUEST_KINDS.map((k) => ({
                value: k,
                label: t(`refunds.kinds.${k}`),
              }))}
              value={filters.kind}
              onChange={(v) => setFilter('kind', v ?? '')}
            />
          </>
        }
      />
    </Stack>
  );
}
