import { payoutBatchCreate, payoutBatchList, type PayoutBatch } from '@cabdesk/contract';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, pagedQueryProps, type Column } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { usePayoutBatches, useDraftBatch } from '@/features/payouts/api/payouts';
import { PayoutStatusBadge } from '@/features/payouts/components/payout-status';
import { useMay } from '@/hooks/use-may';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';

const today = () => new Date().toISOString().slice(0, 10);

/** Payouts (issue 48): the batches, newest first, and drafting the next from the balances. */
export function PayoutsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const table = useTableUrlState({ list: 'payout-batches' });
  const batches = usePayoutBatches(table.query);
  if (!may.call(payoutBatchList)) return null;

  const columns: Column<PayoutBatch>[] = [
    {
      key: 'batch',
      header: t('payouts.batch'),
      card: 'title',
      nowrap: true,
      render: (row) => (
        <Anchor component={Link} to={`/payout-detail/${row.id}`} fw={500}>
          {t('payouts.batchNumber', { id: row.id })}
        </Anchor>
      ),
    },
    {
      key: 'period',
      header: t('payouts.periodEnd'),
      nowrap: true,
      render: (row) => formatDate(row.period_end),
    },
    {
      key: 'status',
      header: t('payouts.status'),
      nowrap: true,
      render: (row) => <PayoutStatusBadge status={row.status} />,
    },
    {
      key: 'payees',
      header: t('payouts.payees'),
      align: 'right',
      render: (row) => row.payees,
    },
    {
      key: 'total',
      header: t('payouts.total'),
      align: 'right',
      nowrap: true,
      render: (row) => formatMoney(Number(row.total)),
    },
    {
      key: 'drafted',
      header: t('payouts.draftedBy'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.drafted_by?.name ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(row.created_at)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'approved',
      header: t('payouts.approvedBy'),
      render: (row) => row.approved_by?.name ?? '—',
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.payouts')} />
      {may.call(payoutBatchCreate) ? <DraftForm /> : null}
      <DataTable
        label={t('pages.payouts')}
        columns={columns}
        rowKey={(row) => row.id}
        {...pagedQueryProps(batches)}
        table={table}
        noun={(count) => t('nouns.payoutBatch', { count })}
        searchable={false}
        minWidth={860}
      />
    </Stack>
  );
}

/** Drafting a batch: the period's last day (today at most), then the draft's page. */
function DraftForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraftBatch();
  const [day, setDay] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    setError(undefined);
    draft.mutate(
      { period_end: day },
      {
        onSuccess: ({ data }) => navigate(`/payout-detail/${data.id}`),
        onError: (cause) => {
          const field =
            cause instanceof ApiError
              ? (cause.body as { data?: { errors?: Record<string, string> } } | undefined)?.data
                  ?.errors?.period_end
              : undefined;
          if (field) setError(translateMessage(field));
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            type="date"
            label={t('payouts.periodEnd')}
            description={t('payouts.periodEndHint')}
            value={day}
            max={today()}
            onChange={(event) => {
              setDay(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            w={260}
          />
          <Button type="submit" leftSection={<IconFilePlus size={16} />} loading={draft.isPending}>
            {t('payouts.draft')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="sm">
          {t('payouts.draftHint')}
        </Text>
      </form>
    </Paper>
  );
}
