import type { DataOf, liveRide } from '@cabdesk/contract';
import { Anchor, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RideStatusBadge } from '@/components/status-badge';
import classes from './live-map.module.css';

/** A trip chosen on the map that no driver with a position is on: where from and to, its record. */
export function TripCard({
  ride,
  onClose,
}: {
  ride: DataOf<typeof liveRide>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      className={classes.card}
      shadow="md"
      p="sm"
      radius="md"
      withBorder
      role="dialog"
      aria-labelledby="live-trip-title"
      data-testid="live-trip-card"
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" align="flex-start">
        <Anchor component={Link} to={`/trip-detail/${ride.id}`} underline="hover">
          <Title order={2} size="h4" id="live-trip-title">
            {t('rides.tripTitle', { id: ride.id })}
          </Title>
        </Anchor>
        <CloseButton onClick={onClose} aria-label={t('live.closeCard')} />
      </Group>
      <Stack gap="xs" align="flex-start">
        <RideStatusBadge status={ride.ride_status} />
        <Text size="sm">{ride.pickup_address}</Text>
        <Text size="sm" c="dimmed">
          → {ride.drop_address}
        </Text>
        {ride.focus === null ? (
          <Text size="xs" c="dimmed">
            {t('live.rideUnplaced', { id: ride.id })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
