import { caseUpdate } from '@cabdesk/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUrgent } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMay } from '@/hooks/use-may';
import { useNow } from '@/hooks/use-now';
import { formatWaiting } from '@/lib/format';
import { useOpenSos } from '../api/open-sos';
import { useUpdateCase } from '../api/update-case';
import classes from './sos-banner.module.css';

/** How often the alarm sounds while an SOS waits. */
const ALARM_EVERY_MS = 4_000;

/**
 * Two short tones, as a phone's alarm: drawn by the browser (Web Audio), no
 * file to fetch. A browser that has not yet been interacted with may keep it
 * silent; the banner still shows.
 */
function soundAlarm(context: AudioContext) {
  void context.resume().catch(() => undefined);
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
}

/** The alarm, while `on`: at once, then every few seconds. */
function useAlarm(on: boolean) {
  useEffect(() => {
    if (!on || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    soundAlarm(context);
    const timer = setInterval(() => soundAlarm(context), ALARM_EVERY_MS);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [on]);
}

/**
 * Every SOS nobody has acknowledged, on every panel (issue 49): a red banner
 * above the screen with an alarm, staying until someone acknowledges it
 * (here, or at the desk: every panel hears it through the live stream).
 */
export function SosBanner() {
  const { t } = useTranslation();
  const { data } = useOpenSos();
  const may = useMay();
  const update = useUpdateCase();
  const now = useNow(15_000);
  const waiting = data?.data ?? [];
  useAlarm(waiting.length > 0);
  if (waiting.length === 0) return null;
  return (
    <Paper role="alert" radius="md" p="sm" className={classes.banner} data-testid="sos-banner">
      <Stack gap={6}>
        {waiting.map((sos) => {
          const who = sos.reported_by === 'driver' ? sos.driver?.name : sos.passenger?.name;
          return (
            <Group key={sos.id} justify="space-between" gap="sm" wrap="wrap">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconUrgent size={22} aria-hidden className={classes.icon} />
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t(sos.ride_id ? 'cases.sos.bannerTrip' : 'cases.sos.banner', {
                    who: who ?? t('cases.someone'),
                    trip: sos.ride_id,
                    time: formatWaiting(sos.created_at, now),
                  })}
                </Text>
              </Group>
              <Group gap="xs">
                <Button
                  component={Link}
                  to={`/cases/${sos.id}`}
                  size="compact-sm"
                  variant="white"
                  color="red"
                >
                  {t('cases.sos.open')}
                </Button>
                {may.call(caseUpdate) ? (
                  <Button
                    size="compact-sm"
                    color="dark"
                    loading={update.isPending && update.variables?.id === sos.id}
                    onClick={() => update.mutate({ id: sos.id, status: 'Acknowledged' })}
                  >
                    {t('cases.sos.acknowledge')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          );
        })}
        {(data?.total ?? 0) > waiting.length ? (
          <Text size="xs" fw={600}>
            {t('cases.sos.more', { count: (data?.total ?? 0) - waiting.length })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
