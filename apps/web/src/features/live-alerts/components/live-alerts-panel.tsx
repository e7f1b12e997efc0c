import type { LiveAlert } from '@cabdesk/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconHourglassHigh,
  IconMapPin,
  IconWifiOff,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '@/components/query-state';
import { useNow } from '@/hooks/use-now';
import { formatWaiting } from '@/lib/format';
import { useLiveAlerts } from '../api/get-live-alerts';

/** How each kind looks; a kind this screen does not know yet is shown as "Needs attention". */
const LOOKS: Record<string, { color: string; icon: ReactNode }> = {
  waiting: { color: 'orange', icon: <IconClockHour4 size={20} stroke={1.6} /> },
  silent: { color: 'red', icon: <IconWifiOff size={20} stroke={1.6} /> },
  overdue: { color: 'grape', icon: <IconHourglassHigh size={20} stroke={1.6} /> },
};
const UNKNOWN = { color: 'gray', icon: <IconAlertTriangle size={20} stroke={1.6} /> };

/** What "how long" counts from: the request of a waiting trip, the last fix of a silent driver. */
const startOf = (alert: LiveAlert) => {
  const kind: string = alert.kind;
  if (kind === 'waiting') return alert.ride.requested_at;
  if (kind === 'silent') return alert.last_fix_at ?? alert.since;
  return alert.since;
};

function AlertRow({ alert, now }: { alert: LiveAlert; now: number }) {
  const { t } = useTranslation();
  const kind: string = alert.kind;
  const look = LOOKS[kind] ?? UNKNOWN;
  const time = formatWaiting(startOf(alert), now).replace(/(\d) /g, '$1\u00a0');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="live-alert">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color={look.color} variant="light" size={36} radius="md" aria-hidden>
          {look.icon}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {t(`liveAlerts.kind.${kind}`, { defaultValue: t('liveAlerts.kind.other') })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('liveAlerts.for', { time })}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {/* The address keeps its own direction inside a right-to-left line. */}
            {t('liveAlerts.trip', { id: alert.ride.id })} · <bdi>{alert.ride.pickup_address}</bdi>
          </Text>
          <Text size="sm" c={alert.driver ? undefined : 'dimmed'}>
            {alert.driver ? alert.driver.name : t('liveAlerts.noDriver')}
          </Text>
          <Group gap="md" mt={4} wrap="wrap">
            <Anchor
              component={Link}
              to={`/live?ride=${alert.ride.id}`}
              size="sm"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              <IconMapPin size={14} aria-hidden />
              {t('liveAlerts.onMap')}
            </Anchor>
            <Anchor component={Link} to={`/trip-detail/${alert.ride.id}`} size="sm">
              {t('liveAlerts.openTrip')}
            </Anchor>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * What is going wrong now (issue 46): trips waiting too long for a driver,
 * drivers on a trip gone quiet, trips taking far longer than usual; each
 * with its trip, driver and how long, linking to the map and the trip.
 * Kept live; on the dashboard and on the Live screen.
 */
export function LiveAlertsPanel() {
  const { t } = useTranslation();
  const alerts = useLiveAlerts();
  const now = useNow(15_000);
  const count = alerts.data?.length ?? 0;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="live-alerts-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="live-alerts-title">
            {t('liveAlerts.title')}
          </Title>
          {count > 0 ? (
            <Badge color="red" variant="light">
              {t('liveAlerts.count', { count })}
            </Badge>
          ) : null}
        </Group>
        {alerts.isPending ? (
          // As tall as the line saying nothing is wrong, the usual answer.
          <Loading height={36} />
        ) : alerts.isError && !alerts.data ? (
          <LoadFailed
            title={t('liveAlerts.loadFailed')}
            error={alerts.error}
            retry={{ run: alerts.refetch, running: alerts.isFetching }}
          />
        ) : count === 0 ? (
          <Group gap="sm" wrap="nowrap" data-testid="live-alerts-empty">
            <ThemeIcon color="teal" variant="light" size={36} radius="md" aria-hidden>
              <IconCircleCheck size={20} stroke={1.6} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {t('liveAlerts.empty')}
            </Text>
          </Group>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} aria-labelledby="live-alerts-title">
            {alerts.data!.map((alert) => (
              <AlertRow key={alert.id} alert={alert} now={now} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
