import { REVIEW_KINDS, type ReviewItem, type ReviewKind } from '@cabdesk/contract';
import { Anchor, Badge, Button, Group, Kbd, SegmentedControl, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconCalendarDue } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, pagedQueryProps } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { Loading } from '@/components/query-state';
import { useUndoDecision } from '@/features/review/api/decide';
import { useReviewQueue } from '@/features/review/api/get-review-queue';
import { ReviewScreen } from '@/features/review/components/review-screen';
import { formatDate } from '@/lib/format';

/** How many waiting records one page of the inbox holds (J / K walk through them). */
const PER_PAGE = 50;

const keyOf = (item: Pick<ReviewItem, 'kind' | 'id'>) => `${item.kind}-${item.id}`;

/**
 * The review desk: every Pending company, driver and vehicle, oldest first,
 * by kind; J (or a row's Review) opens the first, and each decision opens the
 * next. The kind, page and open item are in the URL.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = REVIEW_KINDS.find((k) => k === kindParam);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = params.get('item');
  const queue = useReviewQueue({ kind, page, per_page: PER_PAGE });
  const items = queue.data?.data ?? [];
  const undo = useUndoDecision();

  const change = (next: { kind?: ReviewKind | null; page?: number; item?: string | null }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === null || value === undefined || value === '' || value === 1) {
          updated.delete(key);
        } else {
          updated.set(key, String(value));
        }
      }
      return updated;
    });
  const openItem = (item: ReviewItem | undefined) => change({ item: item ? keyOf(item) : null });

  useHotkeys([['J', () => (open ? undefined : openItem(items[0]))]]);

  if (open) {
    const index = items.findIndex((item) => keyOf(item) === open);
    const item = items[index];
    return (
      <Stack gap="lg">
        <PageTitle
          title={t('pages.review')}
          back={{ to: `/review${kind ? `?kind=${kind}` : ''}`, label: t('review.backToInbox') }}
        />
        {item ? (
          <ReviewScreen
            key={open}
            item={item}
            position={{ index: index + (page - 1) * PER_PAGE, total: queue.data?.total ?? 0 }}
            onPrevious={index > 0 ? () => openItem(items[index - 1]) : undefined}
            onNext={index < items.length - 1 ? () => openItem(items[index + 1]) : undefined}
            onDecided={() => openItem(items[index + 1] ?? items[index - 1])}
            onUndo={(decided) =>
              undo.mutate(
                { table: decided.table, id: decided.id },
                { onSuccess: () => change({ item: keyOf(decided) }) },
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
      <DataTable<ReviewItem>
        label={t('pages.review')}
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
        {...pagedQueryProps(queue, (next) => change({ page: next }))}
        toolbar={
          <Group justify="space-between" w="100%" gap="sm">
            <SegmentedControl
              aria-label={t('review.kindColumn')}
              value={kind ?? 'all'}
              onChange={(value) =>
                change({ kind: value === 'all' ? null : (value as ReviewKind), page: 1 })
              }
              data={[
                { value: 'all', label: t('review.all') },
                ...REVIEW_KINDS.map((k) => ({ value: k, label: t(`review.kinds.${k}`) })),
              ]}
            />
            <Text size="sm" c="dimmed">
              {t('review.startHint')} <Kbd size="xs">J</Kbd>
            </Text>
          </Group>
        }
        minWidth={720}
      />
    </Stack>
  );
}
