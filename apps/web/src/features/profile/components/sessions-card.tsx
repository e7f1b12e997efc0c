import type { AdminSession } from '@cabdesk/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardHeading } from './card-heading';
import { ToneBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/format';
import { useRevokeSession, useSessions } from '../api/two-factor';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows" from a User-Agent; the device type when there is none. */
function deviceOf(session: Pick<AdminSession, 'user_agent' | 'device_type'>): string {
  const agent = session.user_agent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? session.device_type ?? '—';
}

/** Where I am signed in (this one marked), and ending any or all of the others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <CardHeading title={t('sessions.title')} hint={t('sessions.hint')} />
          {others > 0 ? (
            <Button
              variant="light"
              color="red"
              loading={revoke.isPending && revoke.variables?.all_others === true}
              onClick={() => revoke.mutate({ all_others: true })}
            >
              {t('sessions.endOthers')}
            </Button>
          ) : null}
        </Group>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {(sessions.data ?? []).map((session) => (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0}>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {deviceOf(session)}
                  </Text>
                  {session.current ? (
                    <ToneBadge color="teal" label={t('sessions.current')} />
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('sessions.where', {
                    ip: session.ip ?? '—',
                    when: formatDateTime(session.last_seen_at),
                  })}
                </Text>
              </Stack>
              {session.current ? null : (
                <Button
                  size="xs"
                  variant="default"
                  loading={revoke.isPending && revoke.variables?.id === session.id}
                  onClick={() => revoke.mutate({ id: session.id })}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
