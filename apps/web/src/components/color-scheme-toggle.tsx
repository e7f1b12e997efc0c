import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The header's light/dark switch. The page follows the system until it is
 * used; the choice is then remembered (`colorScheme` in local storage).
 */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = scheme === 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      role="switch"
      aria-checked={dark}
      aria-label={t('header.colorScheme')}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? (
        <IconSun size={20} stroke={1.75} aria-hidden />
      ) : (
        <IconMoon size={20} stroke={1.75} aria-hidden />
      )}
    </ActionIcon>
  );
}
