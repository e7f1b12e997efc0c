import {
  ActionIcon,
  Center,
  Divider,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UnauthorizedError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { useNotifications } from '../api/get-notifications';
import classes from './notification-bell.module.css';

/** The bell of the header and its dropdown headed "Notification" (SPEC 2). */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const notifications = useNotifications();
  const failed = notifications.isError && !(notifications.error instanceof UnauthorizedError);

  // SPEC 8: a failed load says so once, and the list stays empty.
  useEffect(() => {
    if (failed) toastError(t('common.somethingWentWrong'));
  }, [failed, t]);

  const items = notifications.data ?? [];
  const unread = items.filter((item) => item.read_at === null).length;

  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="bottom-end"
      width={340}
      shadow="lg"
      radius="md"
      withArrow
      arrowPosition="center"
    >
      <Indicator disabled={unread === 0} color="red" size={9} offset={7}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={t('header.notifications')}
            onClick={toggle}
          >
            <IconBell size={22} stroke={1.5} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label={t('header.notificationTitle')}>
        <Title order={2} size="h5" px="md" py="sm">
          {t('header.notificationTitle')}
        </Title>
        <Divider />
        {notifications.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('common.loading')} />
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
            mah={360}
            type="auto"
            // A long list scrolls; keyboard users reach it with Tab and scroll with arrows.
            viewportProps={{ tabIndex: 0, 'aria-label': t('header.notificationList') }}
          >
            <ul className={classes.list}>
              {items.map((item) => (
                <li key={item.id} className={classes.item} data-unread={item.read_at === null}>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {item.title}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {item.message}
                  </Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
                  </Text>
                </li>
              ))}
            </ul>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
