import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import { refundCreate, type CaseDetail, type CaseItem } from '@cabdesk/contract';
import { Anchor, Grid, Group, Rating, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { DetailScreen } from '@/components/detail-screen';
import { InfoList } from '@/components/info-list';
import { SectionCard } from '@/components/section-card';
import { RideStatusBadge } from '@/components/status-badge';
import { useCase } from '@/features/cases/api/get-case';
import { CaseActivityLog } from '@/features/cases/components/case-activity';
import { CaseKindBadge, CaseStatusBadge } from '@/features/cases/components/case-badges';
import { CaseTimer } from '@/features/cases/components/case-timer';
import { CaseWork, type RefundAction } from '@/features/cases/components/case-work';
import { TripRefundButton } from '@/features/refunds/components/trip-refund-button';
import { useMay } from '@/hooks/use-may';
import { formatMoney } from '@/lib/format';

function PersonLink({ to, name, phone }: { to: string; name: string; phone?: string | null }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={to} size="sm" fw={500}>
        {name}
      </Anchor>
      {phone ? (
        <Anchor href={`tel:${phone}`} size="xs" c="dimmed">
          {/* Left to right on an Arabic page too: "+1 555 0100", not "0100 555 1+". */}
          <span dir="ltr">{phone}</span>
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** The case's own facts: who reported what, when, where, and its deadlines. */
function CaseFacts({ item }: { item: CaseItem }) {
  const { t } = useTranslation();
  const reporter = item.reported_by === 'driver' ? item.driver : item.passenger;
  const items: { label: string; value: ReactNode }[] = [
    {
      label: t('cases.reportedBy'),
      value: reporter
        ? `${reporter.name} (${t(`cases.side.${item.reported_by ?? 'passenger'}`)})`
        : null,
    },
    { label: t('cases.reportedAt'), value: <DateTime value={item.reported_at} /> },
    { label: t('cases.receivedAt'), value: <DateTime value={item.created_at} /> },
    { label: t('cases.acknowledgeBy'), value: <DateTime value={item.acknowledge_due_at} /> },
    { label: t('cases.resolveBy'), value: <DateTime value={item.resolve_due_at} /> },
    { label: t('cases.assignee'), value: item.assignee?.name ?? t('cases.unassigned') },
    {
      label: t('cases.position'),
      value:
        item.lat !== null && item.lng !== null
          ? `${item.lat.toFixed(5)}, ${item.lng.toFixed(5)}`
          : null,
    },
    { label: t('cases.outcome'), value: item.outcome ? t(`cases.outcomes.${item.outcome}`) : null },
    {
      label: t('cases.escalated'),
      value: item.escalated_at ? <DateTime value={item.escalated_at} /> : null,
    },
  ];
  return (
    <Stack gap="md">
      {item.text ? (
        // dir="auto": what the reporter wrote reads in its own direction on an Arabic page.
        <Text
          size="sm"
          dir="auto"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="case-text"
        >
          {item.text}
        </Text>
      ) : null}
      <InfoList items={items} cols={3} />
    </Stack>
  );
}

/** The linked trip beside the case: its people with their phones, its route and status. */
function LinkedTrip({ trip }: { trip: NonNullable<CaseDetail['trip']> }) {
  const { t, i18n } = useTranslation();
  return (
    <InfoList
      cols={1}
      items={[
        {
          label: t('cases.trip'),
          value: (
            <Group gap="xs">
              <Anchor component={Link} to={`/trip-detail/${trip.id}`} size="sm" fw={500}>
                #{trip.id}
              </Anchor>
              <RideStatusBadge status={trip.ride_status} />
            </Group>
          ),
        },
        {
          label: t('cases.side.passenger'),
          value: trip.passenger ? (
            <PersonLink
              to={`/user-detail/${trip.passenger.id}`}
              name={trip.passenger.name}
              phone={trip.passenger.phone}
            />
          ) : null,
        },
        {
          label: t('cases.side.driver'),
          value: trip.driver ? (
            <PersonLink
              to={`/driver-detail/${trip.driver.id}`}
              name={trip.driver.name}
              phone={trip.driver.phone}
            />
          ) : null,
        },
        {
          label: t('cases.route'),
          // Each address isolated, so one written left to right keeps its order on an Arabic
          // page ("1 Harbour Rd", not "Harbour Rd 1"), and the arrow points from pick-up on.
          value: (
            <span data-testid="case-route">
              <bdi>{trip.pickup_address}</bdi> {i18n.dir() === 'rtl' ? '←' : '→'}{' '}
              <bdi>{trip.drop_address}</bdi>
            </span>
          ),
        },
        { label: t('cases.fare'), value: formatMoney(Number(trip.amount)) },
        { label: t('cases.tripDate'), value: <DateTime value={trip.created_at} /> },
      ]}
    />
  );
}

/** Earlier cases of one person: each with its kind, status and date. */
function EarlierCases({ cases }: { cases: CaseItem[] }) {
  const { t } = useTranslation();
  if (cases.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('cases.noEarlier')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {cases.map((earlier) => (
        <Group key={earlier.id} gap="xs" wrap="nowrap">
          <CaseKindBadge item={earlier} />
          <Anchor component={Link} to={`/cases/${earlier.id}`} size="sm">
            {t('cases.caseNumber', { id: earlier.id })}
          </Anchor>
          <CaseStatusBadge status={earlier.status} />
          <Text size="xs" c="dimmed">
            <DateTime value={earlier.created_at} />
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** One case at the desk: the case and its work on the left, the trip and history beside it. */
export function CasePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useCase(id);
  // The outcome refund opens the trip's refund, for the roles that make refunds.
  const mayRefund = useMay().call(refundCreate);
  const refund: RefundAction | undefined = mayRefund
    ? (rideId, onRefunded) => (
        <TripRefundButton rideId={rideId} onRefunded={(made) => onRefunded(made.id)} />
      )
    : undefined;
  return (
    <DetailScreen
      title={t('cases.caseNumber', { id })}
      back={{ to: '/cases', label: t('cases.backToDesk') }}
      query={query}
    >
      {(detail) => (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <SectionCard
                title={t('cases.caseTitle')}
                actions={
                  <Group gap="xs">
                    <CaseKindBadge item={detail.case} />
                    <CaseStatusBadge status={detail.case.status} />
                    <CaseTimer item={detail.case} />
                  </Group>
                }
              >
                <CaseFacts item={detail.case} />
              </SectionCard>
              <SectionCard title={t('cases.work')}>
                <CaseWork key={detail.case.id} detail={detail} refund={refund} />
              </SectionCard>
              <SectionCard title={t('cases.activityTitle')}>
                <CaseActivityLog activity={detail.activity} />
              </SectionCard>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <SectionCard title={t('cases.tripTitle')}>
                {detail.trip ? (
                  <LinkedTrip trip={detail.trip} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('cases.noTrip')}
                  </Text>
                )}
              </SectionCard>
              {detail.rating ? (
                <SectionCard title={t('cases.ratingTitle')}>
                  <Group gap="xs">
                    <Rating value={detail.rating.stars} readOnly />
                    <Text size="sm" c="dimmed">
                      {t(`cases.ratedBy.${detail.rating.by}`)}
                    </Text>
                  </Group>
                  {detail.rating.comment ? <Text size="sm">{detail.rating.comment}</Text> : null}
                </SectionCard>
              ) : null}
              <SectionCard title={t('cases.earlierDriver')}>
                <EarlierCases cases={detail.earlier_driver_cases} />
              </SectionCard>
              <SectionCard title={t('cases.earlierPassenger')}>
                <EarlierCases cases={detail.earlier_passenger_cases} />
              </SectionCard>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </DetailScreen>
  );
}
