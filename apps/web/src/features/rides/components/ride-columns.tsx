import type { Ride } from '@cabdesk/contract';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Column } from '@/components/data-table';
import { Email } from '@/components/person-cell';
import { RideStatusBadge } from '@/components/status-badge';
import { ViewLink } from '@/components/view-link';
import { formatDate, formatMoney } from '@/lib/format';

/** Whose details a trip table shows beside the trip: the driver's (a passenger's history) or the passenger's. */
export type RideParty = 'driver' | 'user';

function Person({ person, none }: { person: Ride['user'] | null; none: string }) {
  if (!person) return <Text size="xs">{none}</Text>;
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" fw={600}>
        {person.name}
      </Text>
      <Text size="xs" c="dimmed">
        {person.phone ?? ''}
      </Text>
      <Text size="xs" c="dimmed">
        <Email address={person.email} />
      </Text>
    </Stack>
  );
}

function Address({ text }: { text: string }) {
  return (
    <Text size="xs" lineClamp={2} maw={140} title={text}>
      {text}
    </Text>
  );
}

/** SPEC 2: the columns of a trip history. */
export function rideColumns(t: TFunction, party: RideParty): Column<Ride>[] {
  const na = t('common.na');
  return [
    { key: 'index', header: '#', render: (_, index) => index, width: 48 },
    party === 'driver'
      ? {
          key: 'driver',
          header: t('rides.driver'),
          render: (ride) => <Person person={ride.driver} none={na} />,
        }
      : {
          key: 'user',
          header: t('rides.user'),
          render: (ride) => <Person person={ride.user} none={na} />,
        },
    {
      key: 'pickup',
      header: t('rides.pickUp'),
      render: (ride) => <Address text={ride.pickup_address} />,
    },
    {
      key: 'drop',
      header: t('rides.dropOff'),
      render: (ride) => <Address text={ride.drop_address} />,
    },
    {
      key: 'price',
      header: t('rides.price'),
      render: (ride) => formatMoney(ride.amount),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'service',
      header: t('rides.serviceType'),
      render: (ride) => ride.driver?.vehicle?.service_type_data.title ?? na,
    },
    {
      key: 'vehicleType',
      header: t('rides.vehicleType'),
      render: (ride) => ride.driver?.vehicle?.vehicle_type_data.title ?? na,
    },
    {
      key: 'company',
      header: t('rides.company'),
      render: (ride) => ride.company?.company_name ?? ride.company?.name ?? na,
    },
    {
      key: 'date',
      header: t('rides.tripDate'),
      render: (ride) => formatDate(ride.created_at),
      nowrap: true,
    },
    {
      key: 'status',
      header: t('rides.status'),
      render: (ride) => <RideStatusBadge status={ride.ride_status} />,
      nowrap: true,
    },
    {
      key: 'view',
      header: t('table.action'),
      render: (ride) => (
        <ViewLink to={`/trip-detail/${ride.id}`} name={t('rides.tripN', { id: ride.id })} />
      ),
    },
  ];
}
