import '@mantine/core/styles/Kbd.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { REVIEW_KINDS, reviewQueue, type ReviewItem } from '@cabdesk/contract';
import { Anchor, Badge, Button, Kbd, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { Loading } from '@/components/query-state';
import { useUndoDecision } from '@/features/review/api/decide';
import { useReviewQueue } from '@/features/review/api/get-review-queue';
import { ReviewScreen } from '@/features/review/components/review-screen';
import classes from '@/features/review/components/review.module.css';
import { useDeskKeys } from '@/hooks/use-desk-keys';
import { liveTableProps, useLiveList } from '@/hooks/use-live-list';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDate } from '@/lib/format';

/** The inbox filters by kind. */
const REVIEW_FILTERS = { kind: { one: REVIEW_KINDS } };

const keyOf = (item: Pick<ReviewItem, 'kind' | 'id'>) => `${item.kind}-${item.id}`;

/**
 * The review desk: every Pending company, driver and vehicle, oldest first,
 * by kind; J (or a row's Review) opens the first, and each decision opens the
 * next. The kind, page, page size and open item are in the URL, and the
 * records a list sent here to approve (`records`); J / K walk through the
 * page on screen.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({ list: 'review', filters: REVIEW_FILTERS });
  const kind = REVIEW_KINDS.find((k) => k === table.filters.kind);
  const [params, setParams] = useSearchParams();
  const open = params.get('item');
  // The records a list sent here to approve (`driver-12,driver-15`), or the whole queue.
  const records = params.get('records') ?? undefined;
  const query = { kind, records, page: table.page, per_page: table.perPage };
  const queue = useReviewQueue(query);
  // Records arriving or decided elsewhere do not move the rows on screen (issue 46).
  const live = useLiveList(
    queue.data,
    { endpoint: reviewQueue, input: query },
    { kinds: ['users', 'vehicles'], rowKey: keyOf },
  );
  const items = live.rows ?? [];
  const undo = useUndoDecision();

  const openItem = (item: ReviewItem | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (item) updated.set('item', keyOf(item));
      else updated.delete('item');
      return updated;
    });

  useDeskKeys([['J', () => (open ? undefined : openItem(items[0]))]]);

  const inbox = () => {
    const back = new URLSearchParams(params);
    back.delete('item');
    return `/review${back.size > 0 ? `?${back}` : ''}`;
  };

  if (open) {
    const index = items.findIndex((item) => keyOf(item) === open);
    const item = items[index];
    return (
      <Stack gap="lg">
        <PageTitle
          title={t('pages.review')}
          back={{ to: inbox(), label: t('review.backToInbox') }}
        />
        {item ? (
          <ReviewScreen
            key={open}
            item={item}
            position={{
              index: index + (table.page - 1) * table.perPage,
              total: live.pageInfo?.total ?? 0,
            }}
            onPrevious={index > 0 ? () => openItem(items[index - 1]) : undefined}
            onNext={index < items.length - 1 ? () => openItem(items[index + 1]) : undefined}
            onDecided={() => openItem(items[index + 1] ?? items[index - 1])}
            onUndo={(decided) =>
              undo.mutate(
                { table: decided.table, id: decided.id },
                { onSuccess: () => openItem(decided) },
              )
            }
          />
        ) : queue.isFetching ? (
          <Loading />
        ) : (
          <Text c="dimmed">{t('review.gone')}</Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('pages.review')}
        actions={
          <Button
            component={Link}
            to="/expiring-documents"
            variant="light"
            leftSection={<IconCalendarDue size={16} />}
          >
            {t('pages.expiringDocuments')}
          </Button>
        }
      />
      <Text size="sm" c="dimmed" className={classes.keyHint}>
        {t('review.startHint')} <Kbd size="xs">J</Kbd>
      </Text>
      {records ? (
        <Text size="sm" data-testid="named-records">
          {t('review.namedRecords', { count: records.split(',').length })}{' '}
          <Anchor
            component="button"
            size="sm"
            onClick={() =>
              setParams((current) => {
                const updated = new URLSearchParams(current);
                updated.delete('records');
                return updated;
              })
            }
          >
            {t('review.wholeQueue')}
          </Anchor>
        </Text>
      ) : null}
      <DataTable<ReviewItem>
        label={t('pages.review')}
        source={{ endpoint: reviewQueue, input: { kind, records } }}
        columns={[
          {
            key: 'kind',
            header: t('review.kindColumn'),
            nowrap: true,
            render: (item) => <Badge variant="light">{t(`review.kind.${item.kind}`)}</Badge>,
          },
          {
            key: 'name',
            header: t('review.nameColumn'),
            render: (item) => (
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="left"
                onClick={() => openItem(item)}
              >
                {item.name}
              </Anchor>
            ),
          },
          {
            key: 'company',
            header: t('review.company'),
            render: (item) => item.company_name ?? '—',
          },
          {
            key: 'submitted',
            header: t('review.submitted'),
            nowrap: true,
            render: (item) => formatDate(item.submitted_at),
          },
          {
            key: 'documents',
            header: t('review.documentsColumn'),
            align: 'center',
            render: (item) => item.documents.filter((doc) => doc.images.length > 0).length,
          },
        ]}
        rowKey={keyOf}
        {...liveTableProps(queue, live, {
          arrived: (count) => t('liveLists.newRecords', { count }),
          changed: t('liveLists.changed'),
        })}
        table={table}
        noun={(count) => t('nouns.record', { count })}
        searchable={false}
        filters={
          <SegmentedControl
            aria-label={t('review.kindColumn')}
            value={kind ?? 'all'}
            onChange={(value) => table.setFilter('kind', value === 'all' ? null : value)}
            data={[
              { value: 'all', label: t('review.all') },
              ...REVIEW_KINDS.map((k) => ({ value: k, label: t(`review.kinds.${k}`) })),
            ]}
          />
        }
        minWidth={720}
      />
    </Stack>
  );
}
