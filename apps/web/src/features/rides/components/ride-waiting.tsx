import { isCancellable, type Ride } from '@cabdesk/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { formatWaiting } from '@/lib/format';

/**
 * How long a Pending or Accepted trip has waited since it was asked for
 * ("Waiting 12 min"), counted on each minute; nothing for a trip under way or over.
 */
export function RideWaiting({ ride }: { ride: Pick<Ride, 'ride_status' | 'created_at'> }) {
  const { t } = useTranslation();
  const now = useNow();
  if (!isCancellable(ride.ride_status)) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="ride-waiting">
      {t('rides.waiting', {
        // "2 hr 20 min" may wrap between its parts, never inside one.
        time: formatWaiting(ride.created_at, now).replace(/(\d) /g, '$1\u00a0'),
      })}
    </Text>
  );
}
