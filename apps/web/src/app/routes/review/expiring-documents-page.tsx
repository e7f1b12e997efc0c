import '@mantine/core/styles/SegmentedControl.layer.css';
import { expiringDocuments, type ExpiringDocumentItem } from '@cabdesk/contract';
import { Anchor, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActiveBadge, ToneBadge } from '@/components/status-badge';
import { DataTable, pagedQueryProps } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { useExpiringDocuments } from '@/features/review/api/get-expiring-documents';
import { formatDate } from '@/lib/format';

/** The windows offered, in days: those of the daily check's reminders. */
const WINDOWS = ['1', '7', '30', '90'] as const;

/** The window is kept in the URL with the page. */
const EXPIRING_FILTERS = { within_days: { one: WINDOWS } };

/**
 * The documents of Approved companies, drivers and vehicles approved without
 * a date ("Date missing"), then those that expire within N days, expired ones
 * first, soonest first; N, the page and its size in the URL.
 */
export function ExpiringDocumentsPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({ list: 'expiring-documents', filters: EXPIRING_FILTERS });
  const within = table.filters.within_days || '30';
  const list = useExpiringDocuments({
    within_days: Number(within),
    page: table.page,
    per_page: table.perPage,
  });

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('pages.expiringDocuments')}
        back={{ to: '/review', label: t('pages.review') }}
      />
      <DataTable<ExpiringDocumentItem>
        label={t('pages.expiringDocuments')}
        source={{ endpoint: expiringDocuments, input: { within_days: Number(within) } }}
        columns={[
          {
            key: 'name',
            header: t('review.nameColumn'),
            render: (row) => (
              <Anchor component={Link} to={`/${row.kind}-detail/${row.id}`} size="sm">
                {row.name}
              </Anchor>
            ),
          },
          {
            key: 'kind',
            header: t('review.kindColumn'),
            render: (row) => t(`review.kind.${row.kind}`),
          },
          {
            key: 'document',
            header: t('documents.column'),
            render: (row) => t(`documents.kind.${row.document}`),
          },
          {
            key: 'expires',
            header: t('documents.expiresOn'),
            nowrap: true,
            render: (row) => (row.expires_on ? formatDate(row.expires_on) : '—'),
          },
          {
            key: 'left',
            header: t('documents.left'),
            nowrap: true,
            render: (row) =>
              row.days_left === null ? (
                <ToneBadge color="grape" label={t('documents.dateMissing')} />
              ) : (
                <ToneBadge
                  color={row.days_left <= 0 ? 'red' : row.days_left <= 7 ? 'orange' : 'yellow'}
                  label={
                    row.expiry === 'expired'
                      ? t('documents.expired')
                      : t('documents.daysLeft', { count: row.days_left })
                  }
                />
              ),
          },
          {
            key: 'status',
            header: t('documents.recordStatus'),
            render: (row) => <ActiveBadge status={row.status} />,
          },
        ]}
        rowKey={(row) => `${row.table}-${row.id}-${row.document}`}
        {...pagedQueryProps(list)}
        table={table}
        noun={(count) => t('nouns.document', { count })}
        searchable={false}
        filters={
          <SegmentedControl
            aria-label={t('documents.within')}
            value={within}
            onChange={(value) => table.setFilter('within_days', value)}
            data={WINDOWS.map((w) => ({
              value: w,
              label: t(`documents.window.${w}`),
            }))}
          />
        }
        minWidth={760}
      />
    </Stack>
  );
}
