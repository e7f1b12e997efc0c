import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from '@cabdesk/contract';
import {
  ActionIcon,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconBellOff, IconCheck, IconChecks } from '@tabler/icons-react';
import { notifications as toasts } from '@mantine/notifications';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UnauthorizedError } from '@/lib/api-client';
import { DateTime } from '@/components/date-time';
import { formatCount } from '@/lib/format';
import { showToast, toastError } from '@/lib/toast';
import { ArrivalBurst } from '../burst';
import { sayNotification } from '../notification-text';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import { useNotificationStream } from '../api/notification-stream';
import classes from './notification-bell.module.css';

/**
 * SPEC 1 and 9: a notification that arrives shows as "title: body"; in a burst (a bulk action), the first few do and one toast counts the rest.
 */
function useArrivalToast() {
  const { t } = useTranslation();
  const burst = useRef(new ArrivalBurst());
  return useCallback(
    (notification: Notification) => {
      const arrival = burst.current.arrive(Date.now());
      const look = {
        // Bottom right, with every other toast: at the top they covered the
        // header and the toolbar of the screen under it (issue 45).
        position: 'bottom-right' as const,
        autoClose: 6000,
        color: 'indigo',
        icon: <IconBell size={18} stroke={1.75} aria-hidden />,
      };
      if (arrival === 'single') {
        const { title, message } = sayNotification(t, notification);
        showToast({
          ...look,
          id: `notification-${notification.id}`,
          message: `${title}: ${message}`,
        });
        return;
      }
      const id = 'notification-burst';
      const message = t('notifications.burst', { count: arrival, total: formatCount(arrival) });
      if (arrival === 1) showToast({ ...look, id, message });
      else toasts.update({ id, message });
    },
    [t],
  );
}

/**
 * The kinds of notification this administrator muted (issue 45): a muted kind
 * stays in the list but neither pops up nor counts as unread.
 */
function MuteKinds({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings(opened);
  const save = useSaveNotificationSettings();
  const muted = save.isPending
    ? (save.variables?.muted_kinds ?? [])
    : (settings.data?.muted_kinds ?? []);
  if (!opened) return null;
  return (
    <>
      <Stack gap={6} px="md" py="sm">
        <Text size="xs" c="dimmed">
          {t('notifications.muteHint')}
        </Text>
        <Checkbox.Group
          label={t('notifications.mute')}
          value={muted}
          onChange={(kinds) => save.mutate({ muted_kinds: kinds as NotificationKind[] })}
        >
          <Stack gap={6} mt={6}>
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                size="xs"
                value={kind}
                label={t(`notifications.kinds.${kind}`)}
                disabled={!settings.data}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
      <Divider />
    </>
  );
}

/**
 * The dropdown's list: a component of its own so that its texts are worded only while the
 * dropdown is open (the bell is on every screen, its list is not).
 */
function NotificationItems({
  items,
  onOpen,
  onMarkRead,
}: {
  items: Notification[];
  onOpen: (item: Notification) => void;
  onMarkRead: (item: Notification) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {items.map((item) => {
        const isUnread = item.read_at === null;
        const { title, message } = sayNotification(t, item);
        return (
          <li key={item.id} className={classes.item} data-unread={isUnread}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <UnstyledButton
                className={classes.open}
                onClick={() => onOpen(item)}
                aria-label={`${isUnread ? `${t('header.unread')}: ` : ''}${title}: ${message}`}
              >
                <Group gap={6} wrap="nowrap">
                  {isUnread && <span className={classes.dot} aria-hidden />}
                  <Text size="sm" fw={isUnread ? 700 : 500} lineClamp={1}>
                    {title}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {message}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  <DateTime value={item.created_at} />
                </Text>
              </UnstyledButton>
              {isUnread && (
                <Tooltip label={t('header.markRead')} withinPortal={false}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('header.markReadOf', { title })}
                    onClick={() => onMarkRead(item)}
                  >
                    <IconCheck size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </li>
        );
      })}
    </>
  );
}

/** The bell of the header and its dropdown headed "Notification" (SPEC 2). */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [muting, { toggle: toggleMuting }] = useDisclosure(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const failed = notifications.isError && !(notifications.error instanceof UnauthorizedError);
  useNotificationStream(useArrivalToast());

  // SPEC 8: a failed load says so once, and the list stays empty.
  useEffect(() => {
    if (failed) toastError(t('common.somethingWentWrong'));
  }, [failed, t]);

  const items = notifications.data?.data ?? [];
  const unread = notifications.data?.unread_count ?? 0;
  const onMarkError = () => toastError(t('common.somethingWentWrong'));

  const open = (item: Notification) => {
    if (item.read_at === null)
      markRead.mutate({ notification_id: item.id }, { onError: onMarkError });
    close();
    if (item.link) void navigate(item.link);
  };

  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="bottom-end"
      width={360}
      shadow="lg"
      radius="md"
      withArrow
      arrowPosition="center"
    >
      <Indicator
        disabled={unread === 0}
        label={unread > 99 ? '99+' : formatCount(unread)}
        color="red"
        size={18}
        offset={6}
        inline
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={
              unread > 0
                ? t('header.notificationsUnread', { count: unread })
                : t('header.notifications')
            }
            onClick={toggle}
          >
            <IconBell size={22} stroke={1.5} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label={t('header.notificationTitle')}>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Title order={2} size="h5">
            {t('header.notificationTitle')}
          </Title>
          {unread > 0 && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconChecks size={14} aria-hidden />}
              loading={markRead.isPending && markRead.variables?.all === true}
              onClick={() => markRead.mutate({ all: true }, { onError: onMarkError })}
            >
              {t('header.markAllRead')}
            </Button>
          )}
          <Tooltip label={t('notifications.mute')} withinPortal={false}>
            <ActionIcon
              variant={muting ? 'light' : 'subtle'}
              size="sm"
              aria-label={t('notifications.mute')}
              aria-expanded={muting}
              onClick={toggleMuting}
            >
              <IconBellOff size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Divider />
        <MuteKinds opened={muting && opened} />
        {notifications.isPending ? (
          <Center py="lg" role="status" aria-label={t('common.loading')}>
            <Loader size="sm" />
          </Center>
        ) : failed ? (
          // SPEC 8: after a failed load nothing is listed.
          <Text size="sm" c="dimmed" px="md" py="lg" ta="center">
            {t('common.somethingWentWrong')}
          </Text>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} py="lg" c="dimmed">
            <IconBellOff size={28} stroke={1.5} aria-hidden />
            <Text size="sm">{t('common.noRecords')}</Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize
            mah={380}
            type="auto"
            // A long list scrolls; keyboard users reach it with Tab and scroll with arrows.
            viewportProps={{ tabIndex: 0, 'aria-label': t('header.notificationList') }}
          >
            <ul className={classes.list}>
              <NotificationItems
                items={items}
                onOpen={open}
                onMarkRead={(item) =>
                  markRead.mutate({ notification_id: item.id }, { onError: onMarkError })
                }
              />
            </ul>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
