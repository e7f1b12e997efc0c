import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS } from './storage';

export const DEFAULT_LANGUAGE = 'en';
export const SUPPORTED_LANGUAGES = ['en'] as const;

/** The stored preference (`setLanguage`), English when none is stored. */
export function currentLanguage(): string {
  return readStorage(STORAGE_KEYS.language) || DEFAULT_LANGUAGE;
}

/** Loads `/locales/{lng}/translation.json`; resolves once the strings are there. */
export function initI18n() {
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: currentLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/**
 * Messages that arrive as English sentences (the contract's validation
 * messages) are looked up whole, so a translation file may translate them;
 * the sentence itself is the fallback.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, { keySeparator: false, nsSeparator: false, defaultValue: message });
}

export { i18n };
