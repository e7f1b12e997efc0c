import '@mantine/core/styles/Timeline.layer.css';
import { rideTimeline, type RideTimeline as Timeline } from '@cabdesk/contract';
import { Loader, Text, Timeline as MantineTimeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { SectionCard } from '@/components/section-card';
import { queryOf } from '@/lib/call';
import { translateMessage } from '@/lib/i18n';

type Entry = Timeline['events'][number];

/** Who recorded a state change: the marketplace's key, or an administrator, by name. */
function ByLine({ by }: { by: Entry['by'] }) {
  const { t } = useTranslation();
  if (!by) return null;
  return (
    <Text size="sm" c="dimmed">
      {by.kind === 'administrator'
        ? t('rides.timeline.byAdministrator', { name: by.name })
        : t('rides.timeline.byIntegration', { name: by.name })}
    </Text>
  );
}

/**
 * A trip's timeline: requested, then each state change in the order it
 * happened, with who recorded it and, for a cancellation, why.
 */
export function RideTimeline({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const timeline = useQuery(queryOf(rideTimeline, { ride_id: rideId }));
  const data = timeline.data;
  return (
    <SectionCard title={t('rides.timeline.title')}>
      {data ? (
        <MantineTimeline active={data.events.length} bulletSize={14} lineWidth={2}>
          <MantineTimeline.Item title={t('rides.timeline.requested')}>
            <Text size="sm">
              <DateTime value={data.requested_at} />
            </Text>
          </MantineTimeline.Item>
          {data.events.map((entry) => (
            <MantineTimeline.Item
              key={`${entry.event}-${entry.at}`}
              title={t(`rides.timeline.events.${entry.event}`)}
            >
              <Text size="sm">
                <DateTime value={entry.at} />
              </Text>
              <ByLine by={entry.by} />
              {entry.reason ? (
                <Text size="sm">
                  {t('rides.timeline.reason', { reason: translateMessage(entry.reason) })}
                </Text>
              ) : null}
            </MantineTimeline.Item>
          ))}
        </MantineTimeline>
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
      {data && data.events.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('rides.timeline.none')}
        </Text>
      ) : null}
    </SectionCard>
  );
}
