import '@mantine/core/styles/Burger.layer.css';
import { Burger, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import classes from './app-header.module.css';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { LanguageMenu } from '@/components/language-menu';
import { PaletteButton } from './command-palette';

interface AppHeaderProps {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}

/** SPEC 2: the sidebar toggle and the notification bell; and the search (command palette), the language menu and colour scheme. */
export function AppHeader({ sidebarOpened, onToggleSidebar }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={sidebarOpened}
          onClick={onToggleSidebar}
          size="sm"
          aria-label={t('header.toggleSidebar')}
          aria-expanded={sidebarOpened}
          aria-controls="app-sidebar"
        />
        <Link to="/" className={classes.brand} aria-label={t('header.home')}>
          <ThemeIcon size={34} radius="md" aria-hidden>
            <IconCar size={20} stroke={1.75} />
          </ThemeIcon>
          <Text component="span" fw={700} size="lg" visibleFrom="xs">
            {t('app.name')}
          </Text>
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PaletteButton />
        <LanguageMenu />
        <ColorSchemeToggle />
        <NotificationBell />
      </Group>
    </Group>
  );
}
