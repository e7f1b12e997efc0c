import { RIDE_MESSAGES, type RideDetail } from '@cabdesk/contract';
import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { DetailScreen } from '@/components/detail-screen';
import { InfoList } from '@/components/info-list';
import { Email } from '@/components/person-cell';
import { SectionCard } from '@/components/section-card';
import { RideStatusBadge } from '@/components/status-badge';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { isRideId, useRideDetail } from '@/features/rides/api/get-ride-detail';
import { CancelRideButton } from '@/features/rides/components/cancel-ride-button';
import { companyNameOf } from '@/features/rides/components/ride-columns';
import { RecordLog } from '@/features/review/components/record-log';
import { RideFlagBadge, RideServiceType } from '@/features/rides/components/ride-flags';
import { RideReplay } from '@/features/rides/components/ride-replay';
import { RideTimeline } from '@/features/rides/components/ride-timeline';
import { RideWaiting } from '@/features/rides/components/ride-waiting';
import { RideMoney } from '@/features/refunds/components/ride-money';

/** A name that opens the person's or company's own page. */
function NameLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      {children}
    </Anchor>
  );
}

function RideInformation({ ride }: { ride: RideDetail }) {
  const { t } = useTranslation();
  const na = t('common.na');
  const vehicle = ride.driver?.vehicle ?? null;
  return (
    <SectionCard title={t('rides.tripInformation')} actions={<CancelRideButton ride={ride} />}>
      <InfoList
        cols={4}
        items={[
          { label: t('rides.pickUpPoint'), value: ride.pickup_address },
          { label: t('rides.dropOffPoint'), value: ride.drop_address },
          { label: t('rides.tripDate'), value: <DateTime value={ride.created_at} /> },
          { label: t('rides.price'), value: formatMoney(ride.amount) },
          // SPEC 2: the driver's vehicle's service type; else the one asked for (issue 45).
          { label: t('rides.serviceType'), value: <RideServiceType ride={ride} size="sm" /> },
          { label: t('rides.vehicleType'), value: vehicle?.vehicle_type_data.title ?? na },
          {
            label: t('rides.plate'),
            value: vehicle ? (
              <Group gap="xs">
                <Text ff="monospace" size="sm" span dir="ltr" data-testid="ride-plate">
                  {vehicle.license_number}
                </Text>
                <RideFlagBadge ride={ride} />
              </Group>
            ) : (
              na
            ),
          },
          {
            label: t('rides.status'),
            value: (
              <Stack gap={2} align="flex-start">
                <RideStatusBadge status={ride.ride_status} />
                <RideWaiting ride={ride} />
              </Stack>
            ),
          },
          ...(ride.ride_status === 'Cancel' && ride.cancel_reason
            ? [{ label: t('rides.cancelReason'), value: translateMessage(ride.cancel_reason) }]
            : []),
        ]}
      />
    </SectionCard>
  );
}

/** The trip's payment: its Sales row (transaction, when, amount, method), or none yet. */
function Payment({ transaction }: { transaction: NonNullable<RideDetail['transaction']> | null }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('rides.payment')}>
      {transaction ? (
        <InfoList
          cols={4}
          items={[
            {
              label: t('sales.transactionId'),
              value: (
                <Text ff="monospace" size="sm" span data-testid="ride-transaction">
                  {transaction.transaction_id}
                </Text>
              ),
            },
            { label: t('sales.date'), value: <DateTime value={transaction.created_at} /> },
            { label: t('sales.amount'), value: formatMoney(transaction.amount) },
            {
              label: t('sales.paymentMethod'),
              value: t(`paymentMethods.${transaction.payment_method}`, {
                defaultValue: transaction.payment_method,
              }),
            },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('rides.notPaid')}
        </Text>
      )}
    </SectionCard>
  );
}

/** A person of the trip: name (a link to their page), e-mail and phone; N/A for one it has not. */
function PersonCard({
  title,
  person,
  page,
}: {
  title: string;
  person: { id: number; name: string; email: string; phone: string | null } | null;
  /** Their detail page, without the id: `/user-detail`. */
  page: string;
}) {
  const { t } = useTranslation();
  const na = t('common.na');
  return (
    <SectionCard title={title}>
      <InfoList
        cols={1}
        items={[
          {
            label: t('rides.name'),
            value: person ? <NameLink to={`${page}/${person.id}`}>{person.name}</NameLink> : na,
          },
          { label: t('rides.email'), value: person ? <Email address={person.email} /> : na },
          { label: t('rides.phone'), value: person ? person.phone : na },
        ]}
      />
    </SectionCard>
  );
}

function People({ ride }: { ride: RideDetail }) {
  const { t } = useTranslation();
  const na = t('common.na');
  const { user, driver, company } = ride;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <PersonCard title={t('rides.user')} person={user} page="/user-detail" />
      <PersonCard title={t('rides.driver')} person={driver} page="/driver-detail" />
      <SectionCard title={t('rides.companyDetail')}>
        <InfoList
          cols={1}
          items={[
            {
              label: t('rides.company'),
              value: company ? (
                <NameLink to={`/company-detail/${company.id}`}>{companyNameOf(ride)}</NameLink>
              ) : (
                na
              ),
            },
            { label: t('rides.companyPhone'), value: company ? company.phone : na },
          ]}
        />
      </SectionCard>
    </SimpleGrid>
  );
}

/**
 * SPEC 2 Trip detail: where from and to, when, the price, the service and
 * vehicle type of the driver's vehicle, the passenger, the driver and the
 * company (N/A where the trip has none), the status badge, and the cancel
 * action while the trip is Pending or Accepted. Titled with the trip's id,
 * with its vehicle's plate and what stands against that vehicle (issue 45).
 */
export function RideDetailPage() {
  const { t } = useTranslation();
  const rideId = Number(useParams().id);
  const ride = useRideDetail(rideId);

  return (
    <DetailScreen
      title={isRideId(rideId) ? t('rides.tripTitle', { id: rideId }) : t('pages.tripDetail')}
      back={{ to: '/trip', label: t('pages.trip') }}
      query={ride}
      missing={
        isRideId(rideId) ? undefined : (
          <Alert color="red" variant="light" icon={<IconAlertCircle />}>
            {translateMessage(RIDE_MESSAGES.rideNotFound)}
          </Alert>
        )
      }
    >
      {(data) => (
        <>
          <RideInformation ride={data} />
          <People ride={data} />
          <RideTimeline rideId={data.id} />
          <RideReplay rideId={data.id} />
          {/* The payment reaches only the roles that read revenue (Owner, Finance). */}
          {data.transaction !== undefined && <Payment transaction={data.transaction} />}
          {/* The split and refunds: Owners and Finance, once the trip completed. */}
          <RideMoney ride={data} />
          <RecordLog table="rides" id={data.id} />
        </>
      )}
    </DetailScreen>
  );
}
