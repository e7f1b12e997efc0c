import type { LiveDriverCard } from '@cabdesk/contract';
import {
  Anchor,
  Badge,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RideStatusBadge } from '@/components/status-badge';
import { useNow } from '@/hooks/use-now';
import { formatAgo } from '@/lib/format';
import { useLiveDriver } from '../api/get-live-driver';
import { STATE_COLOURS } from './live-map';
import classes from './live-map.module.css';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm">
        {children}
      </Text>
    </Stack>
  );
}

function CardBody({ card }: { card: LiveDriverCard }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const { company, vehicle, ride, fix } = card;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge
          variant="light"
          color="gray"
          leftSection={
            <span className={classes.dot} style={{ backgroundColor: STATE_COLOURS[fix.state] }} />
          }
          data-testid="live-card-state"
        >
          {t(`live.states.${fix.state}`)}
        </Badge>
        <Text size="xs" c="dimmed" data-testid="live-card-age">
          {t('live.lastFix', { ago: formatAgo(fix.at, now) })}
        </Text>
      </Group>
      <Line label={t('live.company')}>
        {company ? (
          <Anchor component={Link} to={`/company-detail/${company.id}`} size="sm">
            {company.name}
          </Anchor>
        ) : (
          t('common.na')
        )}
      </Line>
      <Line label={t('live.vehicle')}>
        {vehicle ? (
          <Anchor component={Link} to={`/vehicle-detail/${vehicle.id}`} size="sm">
            <Text span ff="monospace" size="sm" dir="ltr">
              {vehicle.license_number}
            </Text>{' '}
            · {vehicle.model}, {vehicle.color} · {vehicle.service_type}
          </Anchor>
        ) : (
          t('common.na')
        )}
      </Line>
      <Line label={t('live.currentTrip')}>
        {ride ? (
          <Stack gap={4} align="flex-start">
            <Group gap="xs">
              <Anchor component={Link} to={`/trip-detail/${ride.id}`} size="sm">
                {t('rides.tripTitle', { id: ride.id })}
              </Anchor>
              <RideStatusBadge status={ride.ride_status} />
            </Group>
            <Text size="xs" c="dimmed">
              {ride.pickup_address} → {ride.drop_address}
            </Text>
          </Stack>
        ) : (
          t('live.noTrip')
        )}
      </Line>
    </Stack>
  );
}

/** The card of the driver clicked on the map: who, for whom, in what, on which trip, heard when. */
export function DriverCard({ driverId, onClose }: { driverId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const card = useLiveDriver(driverId);
  return (
    <Paper
      className={classes.card}
      shadow="md"
      p="sm"
      radius="md"
      withBorder
      role="dialog"
      aria-labelledby="live-card-title"
      data-testid="live-card"
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" align="flex-start">
        {card.data ? (
          <Anchor component={Link} to={`/driver-detail/${card.data.id}`} underline="hover">
            <Title order={2} size="h4" id="live-card-title">
              {card.data.name}
            </Title>
          </Anchor>
        ) : (
          <Title order={2} size="h4" id="live-card-title">
            {t('live.driver')}
          </Title>
        )}
        <CloseButton onClick={onClose} aria-label={t('live.closeCard')} />
      </Group>
      {card.data ? (
        <CardBody card={card.data} />
      ) : card.isError ? (
        <Text size="sm" c="dimmed">
          {t('live.noPosition')}
        </Text>
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
    </Paper>
  );
}
