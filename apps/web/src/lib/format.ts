import type { Language } from '@cabdesk/contract';
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

/**
 * A date from the API: a calendar day (`dob`, `2024-03-05`) is that day here,
 * not UTC midnight (which is the day before west of Greenwich); a timestamp
 * (`2024-03-05T09:12:00.000Z`) is read as it says.
 */
function dateOf(value: string | Date): Date {
  if (value instanceof Date) return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

/** SPEC 9: short month, two-digit day and year joined by hyphens: Mar-05-2024 (05 mar 2024). */
export function formatDate(value: string | Date, language: Language = activeLanguage()): string {
  const date = dateOf(value);
  if (Number.isNaN(date.getTime())) return '';
  const format = formatter(
    `date:${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
      }),
  );
  if (language !== 'en') return format.format(date);
  // en-US writes "Mar 05, 2024": SPEC joins the same parts with hyphens.
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.month}-${parts.day}-${parts.year}`;
}

/** The time of day of a timestamp, in the administrator's time zone: 02:07 PM (14:07). */
export function formatTime(value: string | Date, language: Language = activeLanguage()): string {
  const date = dateOf(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(
    `time:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit' }),
  ).format(date);
}

/** A moment: SPEC's date, then the time of day: Mar-05-2024 02:07 PM (05 mar 2024 14:07). */
export function formatDateTime(
  value: string | Date,
  language: Language = activeLanguage(),
): string {
  const date = formatDate(value, language);
  return date === '' ? '' : `${date} ${formatTime(value, language)}`;
}

/**
 * The whole timestamp, seconds and time zone included, for a hover:
 * Tuesday, March 5, 2024 at 9:07:09 AM EST.
 */
export function formatFullTimestamp(
  value: string | Date,
  language: Language = activeLanguage(),
): string {
  const date = dateOf(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(
    `full:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeStyle: 'long' }),
  ).format(date);
}

const unit = (name: 'minute' | 'hour' | 'day', value: number, language: Language) =>
  formatter(
    `unit:${name}:${language}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'unit',
        unit: name,
        unitDisplay: 'short',
      }),
  ).format(value);

/**
 * How long something has waited, in whole minutes, to two units at most:
 * 12 min, 2 hr 5 min, 3 days 4 hr (12 min, 2 h 5 min, 3 d 4 h).
 */
export function formatWaiting(
  since: string | Date,
  now: number,
  language: Language = activeLanguage(),
): string {
  const start = dateOf(since).getTime();
  if (Number.isNaN(start)) return '';
  const minutes = Math.max(0, Math.floor((now - start) / 60_000));
  if (minutes < 60) return unit('minute', minutes, language);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    const h = unit('hour', hours, language);
    return rest === 0 ? h : `${h} ${unit('minute', rest, language)}`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const d = unit('day', days, language);
  return rest === 0 ? d : `${d} ${unit('hour', rest, language)}`;
}

/** The administrator's time zone (the browser's), as an IANA name: America/New_York. */
export function adminTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
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
