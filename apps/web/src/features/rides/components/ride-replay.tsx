import { Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { useRideRoute } from '../api/get-ride-route';
import classes from './ride-replay.module.css';

// The map library is large: only a trip with a route loads it. The card itself is
// drawn at once, so what is under it on the page does not move when the map comes.
const Replay = lazy(() => import('./replay-map').then((m) => ({ default: m.Replay })));

/**
 * The trip's route on a map and a replay along the timeline of its state
 * changes (issue 46): play and pause, a slider with the states marked, the
 * car moving along the route. A trip whose driver sent no position has none.
 */
export function RideReplay({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const route = useRideRoute(rideId);
  const points = route.data?.points ?? [];
  return (
    <SectionCard title={t('live.replay.title')}>
      {route.isPending ? null : points.length === 0 ? (
        <Group gap="xs" c="dimmed" data-testid="replay-empty">
          <IconInfoCircle size={18} />
          <Text size="sm">{t('live.replay.empty')}</Text>
        </Group>
      ) : (
        <Suspense
          fallback={
            // The map's own height, so that nothing under the card moves when it comes.
            <div className={classes.map}>
              <Loading />
            </div>
          }
        >
          <Replay route={route.data!} />
        </Suspense>
      )}
    </SectionCard>
  );
}
