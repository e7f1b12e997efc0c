import '@mantine/core/styles/Kbd.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { CASE_KINDS, CASE_STATUSES, caseList, type CaseItem } from '@cabdesk/contract';
import { Anchor, Group, Kbd, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useCases, useOpenCaseCounts } from '@/features/cases/api/get-cases';
import { CaseKindBadge, CaseStatusBadge } from '@/features/cases/components/case-badges';
import { CaseTimer } from '@/features/cases/components/case-timer';
import { RatingReviewCard } from '@/features/cases/components/driver-rating-card';
import { useDeskKeys } from '@/hooks/use-desk-keys';
import { liveTableProps, useLiveList } from '@/hooks/use-live-list';
import { useRecordChanges } from '@/lib/live-changes';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDateTime } from '@/lib/format';

const STATUS_FILTERS = ['open', ...CASE_STATUSES] as const;
const CASE_FILTERS = { status: { one: STATUS_FILTERS }, kind: { one: CASE_KINDS } };

/**
 * The case desk (issue 49): open SOS first, then by deadline, each with its
 * timer; filters by status (open by default) and kind, in the URL. J opens
 * the first case, as the review desk's J does.
 */
export function CaseDeskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useTableUrlState({ list: 'cases', filters: CASE_FILTERS });
  const status = STATUS_FILTERS.find((s) => s === (table.filters.status ?? 'open')) ?? 'open';
  const kind = CASE_KINDS.find((k) => k === table.filters.kind);
  const query = { status, kind, page: table.page, per_page: table.perPage };
  const cases = useCases(query);
  // Cases arriving or worked elsewhere do not move the rows on screen (issue 46).
  const live = useLiveList(
    cases.data,
    { endpoint: caseList, input: query },
    { kinds: ['cases'], rowKey: (item: CaseItem) => item.id },
  );
  const first = live.rows?.[0];
  useDeskKeys([['J', () => (first ? void navigate(`/cases/${first.id}`) : undefined)]]);
  // An empty page shows what arrives at once: there is no row to keep in place.
  const empty = cases.data?.data.length === 0;
  useRecordChanges(['cases'], () => (empty ? void cases.refetch() : undefined));
  const counts = useOpenCaseCounts().data;

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.cases')} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="open-counts">
          {counts
            ? t('cases.openCounts', {
                sos: counts.sos,
                complaint: counts.complaint,
                rating: counts.rating,
              })
            : null}
        </Text>
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {t('cases.startHint')} <Kbd size="xs">J</Kbd>
        </Text>
      </Group>
      <DataTable<CaseItem>
        label={t('pages.cases')}
        source={{ endpoint: caseList, input: { status, kind } }}
        columns={[
          {
            key: 'kind',
            header: t('cases.columns.kind'),
            nowrap: true,
            render: (item) => <CaseKindBadge item={item} />,
          },
          {
            key: 'case',
            header: t('cases.columns.case'),
            card: 'title',
            render: (item) => (
              <Anchor component={Link} to={`/cases/${item.id}`} size="sm">
                {t('cases.caseNumber', { id: item.id })}
                {item.text
                  ? ` · ${item.text.length > 60 ? `${item.text.slice(0, 60)}…` : item.text}`
                  : ''}
              </Anchor>
            ),
          },
          {
            key: 'people',
            header: t('cases.columns.people'),
            render: (item) =>
              [item.passenger?.name, item.driver?.name].filter(Boolean).join(' · ') || '—',
          },
          {
            key: 'status',
            header: t('cases.columns.status'),
            nowrap: true,
            render: (item) => <CaseStatusBadge status={item.status} />,
          },
          {
            key: 'deadline',
            header: t('cases.columns.deadline'),
            nowrap: true,
            render: (item) => <CaseTimer item={item} />,
          },
          {
            key: 'assignee',
            header: t('cases.columns.assignee'),
            nowrap: true,
            render: (item) => item.assignee?.name ?? t('cases.unassigned'),
          },
          {
            key: 'reported',
            header: t('cases.columns.reported'),
            nowrap: true,
            render: (item) => formatDateTime(item.created_at),
          },
        ]}
        rowKey={(item) => item.id}
        {...liveTableProps(cases, live, {
          arrived: (count) => t('liveLists.newRecords', { count }),
          changed: t('liveLists.changed'),
        })}
        table={table}
        noun={(count) => t('cases.noun', { count })}
        searchable={false}
        filters={
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label={t('cases.columns.status')}
              value={status}
              allowDeselect={false}
              w={170}
              onChange={(value) => table.setFilter('status', value === 'open' ? null : value)}
              data={STATUS_FILTERS.map((s) => ({ value: s, label: t(`cases.status.${s}`) }))}
            />
            <SegmentedControl
              aria-label={t('cases.columns.kind')}
              value={kind ?? 'all'}
              onChange={(value) => table.setFilter('kind', value === 'all' ? null : value)}
              data={[
                { value: 'all', label: t('cases.all') },
                ...CASE_KINDS.map((k) => ({ value: k, label: t(`cases.kinds.${k}`) })),
              ]}
            />
          </Group>
        }
        minWidth={900}
      />
      <RatingReviewCard />
    </Stack>
  );
}
