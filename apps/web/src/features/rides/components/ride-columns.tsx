import type { Ride } from '@cabdesk/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { indexColumn, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Email, ShrinkToFit } from '@/components/person-cell';
import { RideStatusBadge } from '@/components/status-badge';
import { ViewLink } from '@/components/view-link';
import { formatMoney } from '@/lib/format';
import { RideFlagBadge, RideServiceType } from './ride-flags';
import { RideWaiting } from './ride-waiting';

/** Whose details a trip table shows beside the trip: the driver's (a passenger's history) or the passenger's. */
export type RideParty = 'driver' | 'user';

/** A name on a trip that opens that person's or company's page. */
function NameLink({
  to,
  children,
  keepWords = false,
}: {
  to: string;
  children: ReactNode;
  /** Broken only between words, never inside one, however narrow the column. */
  keepWords?: boolean;
}) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="xs"
      fw={600}
      style={keepWords ? { overflowWrap: 'normal' } : undefined}
    >
      {children}
    </Anchor>
  );
}

function Person({
  person,
  page,
  none,
}: {
  person: Ride['user'] | null;
  /** The person's page: `/user-detail/` or `/driver-detail/`. */
  page: string;
  none: string;
}) {
  if (!person) return <Text size="xs">{none}</Text>;
  return (
    <Stack gap={0} miw={0} maw={220}>
      {/* A name breaks between its words, a phone number not at all. */}
      <NameLink to={`${page}${person.id}`} keepWords>
        {person.name}
      </NameLink>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {person.phone ?? ''}
      </Text>
      <Text size="xs" c="dimmed">
        <Email address={person.email} />
      </Text>
    </Stack>
  );
}

/** An address on one line, cut with an ellipsis; the whole of it on hover. */
function Address({ text }: { text: string }) {
  return (
    // dir="auto": an address written left to right keeps its order in an Arabic page.
    <ShrinkToFit min={64}>
      <Text size="xs" truncate="end" maw={180} title={text} dir="auto" data-testid="ride-address">
        {text}
      </Text>
    </ShrinkToFit>
  );
}

/** The view link of a trip row, with any other row actions beside it. */
function actionColumn(t: TFunction, extra?: (ride: Ride) => ReactNode): Column<Ride> {
  return {
    key: 'action',
    header: t('table.action'),
    card: 'actions',
    render: (ride) => {
      const view = (
        <ViewLink to={`/trip-detail/${ride.id}`} name={t('rides.tripN', { id: ride.id })} />
      );
      if (!extra) return view;
      return (
        <Group gap={4} wrap="nowrap">
          {view}
          {extra(ride)}
        </Group>
      );
    },
  };
}

/** Every column a trip table may show; each table picks its own (SPEC 2). */
function columnsOf(t: TFunction) {
  const na = t('common.na');
  return {
    index: indexColumn<Ride>(48),
    id: {
      key: 'id',
      header: t('rides.tripId'),
      render: (ride) => (
        <NameLink to={`/trip-detail/${ride.id}`}>{t('rides.tripNumber', { id: ride.id })}</NameLink>
      ),
      nowrap: true,
    },
    plate: {
      key: 'plate',
      header: t('rides.plate'),
      render: (ride) =>
        ride.driver?.vehicle ? (
          <Text size="xs" ff="monospace" dir="ltr" span data-testid="ride-plate">
            {ride.driver.vehicle.license_number}
          </Text>
        ) : (
          <Text size="xs">{na}</Text>
        ),
      nowrap: true,
    },
    user: {
      key: 'user',
      header: t('rides.user'),
      render: (ride) => <Person person={ride.user} page="/user-detail/" none={na} />,
    },
    driver: {
      key: 'driver',
      header: t('rides.driver'),
      render: (ride) => <Person person={ride.driver} page="/driver-detail/" none={na} />,
    },
    driverAndCompany: {
      key: 'driver',
      header: t('rides.driverAndCompany'),
      render: (ride) =>
        ride.driver || ride.company ? (
          <Stack gap={4} miw={0}>
            <Person person={ride.driver} page="/driver-detail/" none={na} />
            <CompanyName ride={ride} none={na} />
          </Stack>
        ) : (
          <Text size="xs">{na}</Text>
        ),
    },
    pickup: {
      key: 'pickup',
      header: t('rides.pickUp'),
      render: (ride) => <Address text={ride.pickup_address} />,
    },
    drop: {
      key: 'drop',
      header: t('rides.dropOff'),
      render: (ride) => <Address text={ride.drop_address} />,
    },
    price: {
      key: 'price',
      header: t('rides.price'),
      render: (ride) => formatMoney(ride.amount),
      align: 'right',
      nowrap: true,
      sort: 'amount',
      sortDescending: true,
    },
    service: {
      key: 'service',
      header: t('rides.serviceType'),
      render: (ride) => <RideServiceType ride={ride} />,
      nowrap: true,
    },
    vehicleType: {
      key: 'vehicleType',
      header: t('rides.vehicleType'),
      render: (ride) => ride.driver?.vehicle?.vehicle_type_data.title ?? na,
    },
    company: {
      key: 'company',
      header: t('rides.company'),
      render: (ride) => <CompanyName ride={ride} none={na} />,
    },
    date: {
      key: 'date',
      header: t('rides.tripDate'),
      // The time goes under the date where the column is narrow.
      render: (ride) => <DateTime value={ride.created_at} wrap />,
      sort: 'created_at',
      sortDescending: true,
    },
    status: {
      key: 'status',
      header: t('rides.status'),
      render: (ride) => (
        <Stack gap={2} align="flex-start">
          <RideStatusBadge status={ride.ride_status} />
          <RideFlagBadge ride={ride} />
          <RideWaiting ride={ride} />
        </Stack>
      ),
      card: 'title',
      nowrap: true,
    },
  } satisfies Record<string, Column<Ride>>;
}

/** The company's trading name, else its owner's name; null when the trip has no company. */
export const companyNameOf = (ride: Pick<Ride, 'company'>) =>
  ride.company ? (ride.company.company_name ?? ride.company.name) : null;

/** The trip's company, opening its page; N/A without one. */
function CompanyName({ ride, none }: { ride: Pick<Ride, 'company'>; none: string }) {
  if (!ride.company) return <Text size="xs">{none}</Text>;
  return <NameLink to={`/company-detail/${ride.company.id}`}>{companyNameOf(ride)}</NameLink>;
}

/** SPEC 2: the columns of one account's trip history (user and driver detail pages). */
export function rideColumns(t: TFunction, party: RideParty): Column<Ride>[] {
  const c = columnsOf(t);
  return [
    c.index,
    party === 'driver' ? c.driver : c.user,
    c.pickup,
    c.drop,
    c.price,
    c.service,
    c.vehicleType,
    c.company,
    c.date,
    c.status,
    actionColumn(t),
  ];
}

/**
 * SPEC 2 Trip list: user, driver and company (or N/A), pick-up and drop-off,
 * price, service type, trip date, status and the view link, with any other
 * row actions beside it; and the trip's id (in place of SPEC's row number,
 * which its trip list does not name) and its vehicle's plate (issue 45).
 */
export function rideListColumns(
  t: TFunction,
  rowActions?: (ride: Ride) => ReactNode,
): Column<Ride>[] {
  const c = columnsOf(t);
  // The trip's id rather than a row number: what an operator reads out and searches.
  return [
    c.id,
    c.user,
    c.driverAndCompany,
    c.plate,
    c.pickup,
    c.drop,
    c.price,
    c.service,
    c.date,
    c.status,
    actionColumn(t, rowActions),
  ];
}
