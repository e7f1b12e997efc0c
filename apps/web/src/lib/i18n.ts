import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  languageOf,
  loadMessageCatalogue,
  localizeWith,
  type Language,
  type MessageCatalogue,
} from '@cabdesk/contract';
import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const SUPPORTED_LANGUAGES = LANGUAGES;

/**
 * The stored preference (`setLanguage`, the key written below: ARCHITECTURE
 * fixes SPEC's read/write mismatch), English when none or an unknown one is stored.
 */
export function currentLanguage(): Language {
  return languageOf(readStorage(STORAGE_KEYS.language)) ?? DEFAULT_LANGUAGE;
}

/** Languages written right to left. */
const RIGHT_TO_LEFT: readonly Language[] = ['ar'];

/**
 * The page follows the language: `<html lang>` and `<html dir>`, which
 * Mantine's DirectionProvider follows to mirror the layout (dates and numbers
 * follow in lib/format).
 */
function applyLanguage(language: string) {
  const lang = languageOf(language) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = lang;
  document.documentElement.dir = RIGHT_TO_LEFT.includes(lang) ? 'rtl' : 'ltr';
}

/** The contract's message catalogues loaded so far (English needs none). */
const messageCatalogues: Partial<Record<Language, MessageCatalogue>> = {};

/** Loads the contract's messages in `language` (initI18n and setLanguage do, before showing it). */
export async function loadMessages(language: Language) {
  if (messageCatalogues[language] !== undefined) return;
  const catalogue = await loadMessageCatalogue(language);
  if (catalogue !== undefined) messageCatalogues[language] = catalogue;
}

/**
 * Loads `/locales/{lng}/translation.json` and the contract's messages of the
 * stored language, and only that language's: every catalogue has every key
 * (translations.test.ts), so there is no fallback to load beside it. Resolves
 * once the strings are there.
 */
export function initI18n() {
  i18n.on('languageChanged', applyLanguage);
  const language = currentLanguage();
  applyLanguage(language);
  const strings = i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return Promise.all([strings, loadMessages(language)]);
}

/**
 * The language menu's choice: stored under `setLanguage` (sent from then on
 * as `Accept-Language` by the api client), then shown.
 */
export async function setLanguage(language: Language) {
  writeStorage(STORAGE_KEYS.language, language);
  // Both loaded before the switch: no screen shows the new language with the old messages.
  await Promise.all([loadMessages(language), i18n.loadLanguages(language)]);
  await i18n.changeLanguage(language);
}

/** The language the interface shows now. */
export function activeLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language) ?? currentLanguage();
}

/**
 * A message from the contract (a zod validation message checked in the
 * browser, or an API message) in the language shown, from the contract's
 * catalogue. The API already answers in the language asked for; a message
 * already translated, or unknown, comes back unchanged.
 */
export function translateMessage(message: string): string {
  const catalogue = messageCatalogues[activeLanguage()];
  return catalogue === undefined ? message : localizeWith(message, catalogue);
}

export { i18n };
