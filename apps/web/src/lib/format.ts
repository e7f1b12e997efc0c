import type { Language } from '@cabdesk/contract';
import dayjs from 'dayjs';
import { activeLanguage } from './i18n';

/**
 * Numbers, money and dates in the language shown. English keeps SPEC 9 to
 * the letter ($ prefix, `Mar-05-2024`); Spanish writes them as Spanish
 * readers expect (`1234,56 US$`, `05 mar 2024`).
 */
const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es' };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T) {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/** A count with thousands separators: 12,345 (12.345). */
export function formatCount(value: number, language: Language = activeLanguage()): string {
  return formatter(
    `count:${language}`,
    () => new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }),
  ).format(value);
}

/**
 * Dollars (SPEC 9: $ as prefix in English), separators and cents:
 * $123,456.70; in Spanish 123.456,70 US$. `cents: false` for chart axes.
 */
export function formatMoney(
  value: number,
  { cents = true, language = activeLanguage() }: { cents?: boolean; language?: Language } = {},
): string {
  const digits = cents ? 2 : 0;
  return formatter(
    `money:${language}:${digits}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'symbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(value);
}

/** SPEC 9: short month, two-digit day and year joined by hyphens: Mar-05-2024 (05 mar 2024). */
export function formatDate(value: string | Date, language: Language = activeLanguage()): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  if (language === 'en') return date.locale('en').format('MMM-DD-YYYY');
  return formatter(
    `date:${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
      }),
  ).format(date.toDate());
}

/** A calendar day (`2024-03-05`) as a short axis label: Mar 05 (05 mar). */
export function formatShortDay(day: string, language: Language = activeLanguage()): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(
    `day:${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        month: 'short',
        day: '2-digit',
        timeZone: 'UTC',
      }),
  ).format(date);
}
