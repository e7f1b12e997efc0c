/**
 * Set-up of every component test (jsdom): what jsdom lacks that Mantine uses,
 * the translations loaded from the app's own files, the API answered by MSW,
 * and a fresh page (storage, query cache, DOM) for each test. An unexpected
 * console.error fails the test (STYLE, after epic-stack's set-up).
 */
import { LANGUAGES } from '@cabdesk/contract';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { DEFAULT_LANGUAGE } from '@cabdesk/contract';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { requests, server } from './api';

// jsdom draws nothing: Mantine asks for media queries and observes sizes. As in the
// browser walks, the user asks for reduced motion: popups and toasts appear at once.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// An autosized textarea listens for fonts loading.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

// The translation files the app serves (public/locales), loaded at once instead of over HTTP.
const files = import.meta.glob<Record<string, unknown>>('/public/locales/*/translation.json', {
  import: 'default',
  eager: true,
});
const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { translation: files[`/public/locales/${language}/translation.json`] ?? {} },
  ]),
);
await i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

// A whole screen renders in jsdom: on busy shared cores it may take longer than the default wait.
configure({ asyncUtilTimeout: 5000 });

let consoleErrors: unknown[][] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(async () => {
  cleanup();
  // Toasts live in a store of their own, beyond the rendered tree.
  notifications.clean();
  server.resetHandlers();
  requests.length = 0;
  queryClient.clear();
  window.localStorage.clear();
  await setLanguage(DEFAULT_LANGUAGE);
  window.localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  expect(consoleErrors, 'unexpected console.error').toEqual([]);
});
afterAll(() => server.close());
