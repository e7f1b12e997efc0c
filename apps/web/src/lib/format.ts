import type { Language } from '@cabdesk/contract';
import { activeLanguage } from './i18n';

/**
 * Numbers, money and dates, the one place they are written. SPEC 9 fixes
 * them in every language (docs/decisions/010): money `$105,643.01`, counts
 * `12,345`, dates `Mon-DD-YYYY` with the month named in the language shown
 * (`Oct-06-2026`, `oct-06-2026`, `أكتوبر-06-2026`), always Latin digits. Words (month names,
 * units, the hour's AM/PM) follow the language.
 */
const LOCALES: Record<Language, string> = {
  en: 'en-US',
  es: 'es-u-nu-latn',
  ar: 'ar-u-nu-latn',
};
/** SPEC's number format, whatever the language. */
const NUMBERS = 'en-US';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
) {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/** A count with thousands separators, in every language: 12,345. */
export function formatCount(value: number): string {
  return formatter(
    'count',
    () => new Intl.NumberFormat(NUMBERS, { maximumFractionDigits: 0 }),
  ).format(value);
}

/**
 * Dollars (SPEC 9: $ as prefix), separators and cents, in every language:
 * $123,456.70. `cents: false` for chart axes.
 */
export function formatMoney(value: number, { cents = true }: { cents?: boolean } = {}): string {
  const digits = cents ? 2 : 0;
  return formatter(
    `money:${digits}`,
    () =>
      new Intl.NumberFormat(NUMBERS, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
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

/** The short name of the month of `date` in `language`: Oct, oct, أكتوبر. */
function monthName(date: Date, language: Language, timeZone?: string): string {
  return formatter(
    `month:${language}:${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { month: 'short', timeZone }),
  )
    .format(date)
    .replace(/\.$/, '');
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC 9: short month, two-digit day and year joined by hyphens, the month
 * named in the language: Mar-05-2024 (mar-05-2024, مارس-05-2024).
 */
export function formatDate(value: string | Date, language: Language = activeLanguage()): string {
  const date = dateOf(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${monthName(date, language)}-${twoDigits(date.getDate())}-${date.getFullYear()}`;
}

/** `YYYY-MM-DD` of a day of the calendar; null for a day it has not (Feb-30). */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The month (1-12) a short name stands for, in `language` or in English (nov, Nov., نوفمبر). */
function monthOf(name: string, language: Language): number | null {
  const wanted = name.toLocaleLowerCase().replace(/\.$/, '');
  for (const tongue of new Set<Language>([language, 'en'])) {
    for (let month = 1; month <= 12; month++) {
      const known = monthName(new Date(2000, month - 1, 15), tongue).toLocaleLowerCase();
      if (known === wanted) return month;
    }
  }
  return null;
}

/**
 * The day a person typed in SPEC's format (formatDate's inverse: Nov-22-2026,
 * nov-22-2026, a one-digit day too, any case) or as `2026-11-22`, as
 * `YYYY-MM-DD`; null for anything else: a day half typed (Nov-2), or one the
 * calendar has not (Feb-30-2026).
 */
export function parseDate(text: string, language: Language = activeLanguage()): string | null {
  const typed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const spec = /^([^\s\d-]+)-(\d{1,2})-(\d{4})$/u.exec(typed);
  if (!spec) return null;
  const month = monthOf(spec[1]!, language);
  return month === null ? null : isoDay(Number(spec[3]), month, Number(spec[2]));
}

/** A timestamp by a (cached) Intl format of the language; '' for one that is no date. */
function formatDateWith(
  name: string,
  options: Intl.DateTimeFormatOptions,
  value: string | Date,
  language: Language,
): string {
  const date = dateOf(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(
    `${name}:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], options),
  ).format(date);
}

/** The time of day of a timestamp, in the administrator's time zone: 02:07 PM (es 14:07). */
export function formatTime(value: string | Date, language: Language = activeLanguage()): string {
  return formatDateWith('time', { hour: '2-digit', minute: '2-digit' }, value, language);
}

/** A moment: SPEC's date, then the time of day: Mar-05-2024 02:07 PM (mar-05-2024 14:07). */
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
  return formatDateWith('full', { dateStyle: 'full', timeStyle: 'long' }, value, language);
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

/** A calendar day (`2024-03-05`) as a short axis label: Mar 05 (mar 05, مارس 05). */
export function formatShortDay(day: string, language: Language = activeLanguage()): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return `${monthName(date, language, 'UTC')} ${twoDigits(date.getUTCDate())}`;
}

/**
 * How long ago something happened, in its largest whole unit: "12 sec. ago",
 * "3 min. ago" (the age of a driver's last position on the live map).
 */
export function formatAgo(
  since: string | Date,
  now: number,
  language: Language = activeLanguage(),
): string {
  const start = dateOf(since).getTime();
  if (Number.isNaN(start)) return '';
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  const relative = formatter(
    `ago:${language}`,
    () => new Intl.RelativeTimeFormat(LOCALES[language], { style: 'short', numeric: 'always' }),
  );
  if (seconds < 60) return relative.format(-seconds, 'second');
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  return relative.format(-Math.floor(seconds / 86_400), 'day');
}
