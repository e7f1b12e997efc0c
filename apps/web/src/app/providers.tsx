import './mantine-styles';
import {
  DirectionProvider,
  localStorageColorSchemeManager,
  MantineProvider,
  type CSSVariablesResolver,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { TOAST_LIMIT } from '@/lib/toast';
import { STORAGE_KEYS } from '@/lib/storage';
import { theme } from './theme';

/**
 * Dimmed and error text with more contrast than Mantine's defaults (WCAG AA
 * on the page and on cards, in both schemes), and the page's background
 * behind the cards (`--app-page`).
 */
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] as string,
    '--mantine-color-error': t.colors.red[9] as string,
    '--app-page': t.colors.gray[0] as string,
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1] as string,
    '--mantine-color-error': t.colors.red[4] as string,
    '--app-page': t.colors.dark[8] as string,
  },
});

/** The scheme chosen with the header's switch; the system's until one is chosen. */
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // The direction follows <html dir>, which the language sets (lib/i18n).
    <DirectionProvider>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
      >
        {/* SPEC 9: toasts bottom-right, closing after 2000 ms unless a call says otherwise. */}
        <Notifications position="bottom-right" autoClose={2000} limit={TOAST_LIMIT} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
