import {
  getProfile,
  payoutBatchApprove,
  payoutBatchMark,
  type PayoutBatchDetail,
  type PayoutItem,
} from '@cabdesk/contract';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconDownload,
  IconFileCode,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { DetailScreen } from '@/components/detail-screen';
import { InfoList } from '@/components/info-list';
import { Popup, PopupActions } from '@/components/popup';
import { SectionCard } from '@/components/section-card';
import {
  downloadBankFile,
  useApproveBatch,
  useMarkBatch,
  usePayoutBatch,
} from '@/features/payouts/api/payouts';
import { PayoutStatusBadge } from '@/features/payouts/components/payout-status';
import { useMay } from '@/hooks/use-may';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { ApiError } from '@/lib/api-client';
import { queryOf } from '@/lib/call';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { translateMessage } from '@/lib/i18n';

/** A payout batch: its status and people, its parties, and the next step for this administrator. */
export function PayoutDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const batch = usePayoutBatch(id);
  return (
    <DetailScreen
      title={t('payouts.batchNumber', { id })}
      back={{ to: '/payouts', label: t('pages.payouts') }}
      query={batch}
    >
      {(data) => (
        <>
          <BatchSummary batch={data} />
          <BatchItems items={data.items} draft={data.status === 'draft'} />
        </>
      )}
    </DetailScreen>
  );
}

function BatchSummary({ batch }: { batch: PayoutBatchDetail }) {
  const { t } = useTranslation();
  const who = (admin: { name: string } | null, at: string | null) =>
    admin ? `${admin.name}${at ? ` · ${formatDateTime(at)}` : ''}` : '—';
  return (
    <SectionCard title={t('payouts.summary')} actions={<PayoutStatusBadge status={batch.status} />}>
      <InfoList
        cols={4}
        items={[
          { label: t('payouts.periodEnd'), value: formatDate(batch.period_end) },
          { label: t('payouts.total'), value: formatMoney(Number(batch.total)) },
          { label: t('payouts.payees'), value: batch.payees },
          { label: t('payouts.minimum'), value: formatMoney(Number(batch.minimum)) },
          { label: t('payouts.blocked'), value: batch.blocked },
          { label: t('payouts.owing'), value: batch.owing },
          { label: t('payouts.draftedBy'), value: who(batch.drafted_by, batch.created_at) },
          { label: t('payouts.approvedBy'), value: who(batch.approved_by, batch.approved_at) },
          ...(batch.exported_at
            ? [{ label: t('payouts.exportedAt'), value: formatDateTime(batch.exported_at) }]
            : []),
          ...(batch.marked_by
            ? [{ label: t('payouts.markedBy'), value: who(batch.marked_by, batch.marked_at) }]
            : []),
          ...(batch.reference ? [{ label: t('payouts.reference'), value: batch.reference }] : []),
        ]}
      />
      <BatchActions batch={batch} />
    </SectionCard>
  );
}

/** The next step: approve (not by its maker), download the bank files, mark paid or failed. */
function BatchActions({ batch }: { batch: PayoutBatchDetail }) {
  const { t } = useTranslation();
  const may = useMay();
  const { data: me } = useQuery(queryOf(getProfile));
  const approve = useApproveBatch();
  const [marking, setMarking] = useState<'paid' | 'failed' | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (format: 'csv' | 'pain001') => {
    setDownloading(format);
    try {
      await downloadBankFile(batch.id, format);
    } catch (error) {
      toastError(error instanceof ApiError ? translateMessage(error.message) : String(error));
    } finally {
      setDownloading(null);
    }
  };

  if (batch.status === 'draft' && may.call(payoutBatchApprove)) {
    const maker = me !== undefined && batch.drafted_by?.id === me.id;
    return (
      <Stack gap="xs">
        <Group>
          <Button
            leftSection={<IconCheck size={16} />}
            disabled={maker || batch.payees === 0}
            loading={approve.isPending}
            onClick={() => approve.mutate({ id: batch.id })}
          >
            {t('payouts.approve')}
          </Button>
        </Group>
        {maker ? (
          <Text size="sm" c="dimmed">
            {t('payouts.makerCannotApprove')}
          </Text>
        ) : batch.payees === 0 ? (
          <Text size="sm" c="dimmed">
            {t('payouts.nothingToPay')}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (batch.status !== 'approved' && batch.status !== 'exported') return null;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={downloading === 'csv'}
          onClick={() => void download('csv')}
        >
          {t('payouts.downloadCsv')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileCode size={16} />}
          loading={downloading === 'pain001'}
          onClick={() => void download('pain001')}
        >
          {t('payouts.downloadPain001')}
        </Button>
        {may.call(payoutBatchMark) ? (
          <>
            <Button
              color="teal"
              leftSection={<IconCheck size={16} />}
              onClick={() => setMarking('paid')}
            >
              {t('payouts.markPaid')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              onClick={() => setMarking('failed')}
            >
              {t('payouts.markFailed')}
            </Button>
          </>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('payouts.bankFilesInEuros')}
      </Text>
      <MarkPopup batchId={batch.id} status={marking} onClose={() => setMarking(null)} />
    </Stack>
  );
}

/** Marks the batch paid (the bank's reference required) or failed (a note, optional). */
function MarkPopup({
  batchId,
  status,
  onClose,
}: {
  batchId: number;
  status: 'paid' | 'failed' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mark = useMarkBatch();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReference('');
    setError(undefined);
    onClose();
  };
  return (
    <Popup
      opened={status !== null}
      onClose={close}
      title={status === 'failed' ? t('payouts.markFailedTitle') : t('payouts.markPaidTitle')}
    >
      <Stack gap="md">
        <Text size="sm">
          {status === 'failed' ? t('payouts.markFailedText') : t('payouts.markPaidText')}
        </Text>
        <TextInput
          label={status === 'failed' ? t('payouts.failureNote') : t('payouts.reference')}
          value={reference}
          onChange={(event) => {
            setReference(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          data-autofocus
        />
        <PopupActions
          cancelLabel={t('common.cancel')}
          confirmLabel={status === 'failed' ? t('payouts.markFailed') : t('payouts.markPaid')}
          color={status === 'failed' ? 'red' : 'teal'}
          pending={mark.isPending}
          onCancel={close}
          onConfirm={() =>
            mark
              .mutateAsync({ id: batchId, status: status ?? 'paid', reference })
              .then(close, (cause) => {
                const message =
                  cause instanceof ApiError
                    ? (cause.body as { data?: { errors?: Record<string, string> } } | undefined)
                        ?.data?.errors?.reference
                    : undefined;
                if (message) setError(translateMessage(message));
              })
          }
        />
      </Stack>
    </Popup>
  );
}

const STATE_COLOR = { pay: 'teal', blocked: 'orange', owing: 'red' } as const;

/** The batch's parties: paid, then blocked (no bank details), then owing the platform. */
function BatchItems({ items, draft }: { items: PayoutItem[]; draft: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ list: 'payout-items', prefix: 'item_' });
  const blocked = items.filter((item) => item.state === 'blocked').length;
  // The batch answers all its parties at once; the table shows them a page at a time.
  const lastPage = Math.max(1, Math.ceil(items.length / table.perPage));
  const page = Math.min(table.page, lastPage);
  const rows = items.slice((page - 1) * table.perPage, page * table.perPage);
  const columns: Column<PayoutItem>[] = [
    {
      key: 'payee',
      header: t('payouts.payee'),
      card: 'title',
      render: (row) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={`/${row.kind === 'company' ? 'company' : 'driver'}-detail/${row.party_id}`}
            fw={500}
            size="sm"
          >
            {row.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t(`payouts.kinds.${row.kind}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('payouts.state'),
      nowrap: true,
      render: (row) => (
        <Badge color={STATE_COLOR[row.state]} variant="light" miw="max-content">
          {t(`payouts.states.${row.state}`)}
        </Badge>
      ),
    },
    {
      key: 'amount',
      header: t('payouts.amount'),
      align: 'right',
      nowrap: true,
      render: (row) => formatMoney(Number(row.amount)),
    },
    {
      key: 'iban',
      header: t('payouts.iban'),
      nowrap: true,
      render: (row) => <span dir="ltr">{row.iban ?? '—'}</span>,
    },
    {
      key: 'bic',
      header: t('payouts.bic'),
      nowrap: true,
      render: (row) => <span dir="ltr">{row.bic ?? '—'}</span>,
    },
    { key: 'holder', header: t('payouts.holder'), render: (row) => row.holder ?? '—' },
  ];
  return (
    <SectionCard title={t('payouts.parties')}>
      {draft && blocked > 0 ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('payouts.blockedHint', { count: blocked })}
        </Alert>
      ) : null}
      <DataTable
        label={t('payouts.parties')}
        columns={columns}
        rowKey={(row) => row.party_id}
        rows={rows}
        pageInfo={{
          current_page: page,
          last_page: lastPage,
          per_page: table.perPage,
          total: items.length,
        }}
        loading={false}
        table={table}
        noun={(count) => t('nouns.payee', { count })}
        searchable={false}
        minWidth={860}
      />
    </SectionCard>
  );
}
