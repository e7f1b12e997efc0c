import { afterAll, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatFullTimestamp,
  formatMoney,
  formatShortDay,
  formatWaiting,
  parseDate,
} from './format';
import { i18n } from './i18n';

describe('formatMoney', () => {
  it('prefixes $ and shows separators and cents', () => {
    expect(formatMoney(123456.7)).toBe('$123,456.70');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(-5.5)).toBe('-$5.50');
  });
});

describe('formatCount', () => {
  it('separates thousands', () => {
    expect(formatCount(150)).toBe('150');
    expect(formatCount(12345)).toBe('12,345');
  });
});

describe('formatDate', () => {
  it('writes Mon-DD-YYYY', () => {
    expect(formatDate('2024-03-05T10:00:00')).toBe('Mar-05-2024');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('parseDate', () => {
  it('reads back what formatDate writes, in each language, and refuses half a day', () => {
    expect(parseDate('Nov-22-2026', 'en')).toBe('2026-11-22');
    expect(parseDate(' nov-2-2026 ', 'en')).toBe('2026-11-02');
    expect(parseDate('2026-11-22', 'en')).toBe('2026-11-22');
    expect(parseDate(formatDate('2026-09-05', 'es'), 'es')).toBe('2026-09-05');
    expect(parseDate(formatDate('2026-03-31', 'ar'), 'ar')).toBe('2026-03-31');
    // English is understood whatever the language shown.
    expect(parseDate('Mar-31-2026', 'ar')).toBe('2026-03-31');
    for (const broken of [
      'Nov-2',
      'Nov-22-202',
      'Feb-30-2026',
      'Smarch-01-2026',
      '2026-11-2',
      '',
    ]) {
      expect(parseDate(broken, 'en'), broken).toBeNull();
    }
  });
});

describe('formatDateTime', () => {
  it('writes the date, then the hour and minute', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7), 'en')).toBe('Mar-05-2024 02:07 PM');
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7), 'es')).toBe('mar-05-2024 14:07');
  });
});

describe('SPEC 9 in every language (docs/decisions/010)', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('writes money with a $ prefix and SPEC separators while Spanish is shown', async () => {
    await i18n.init({ lng: 'es', resources: {} });
    expect(formatMoney(105643.01)).toBe('$105,643.01');
    expect(formatMoney(-5.5)).toBe('-$5.50');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatDate('2026-10-06T10:00:00')).toBe('oct-06-2026');
  });

  it('writes dates Mon-DD-YYYY with the month named in Spanish', () => {
    expect(formatDate('2026-10-06T10:00:00', 'es')).toBe('oct-06-2026');
    expect(formatDate('2024-03-05T10:00:00', 'es')).toBe('mar-05-2024');
    expect(formatDate('not a date', 'es')).toBe('');
    expect(formatShortDay('2024-10-25', 'es')).toBe('oct 25');
  });

  it('keeps SPEC English when English is asked for', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1234.5, { cents: false })).toBe('$1,235');
    expect(formatDate('2024-09-05T10:00:00', 'en')).toBe('Sep-05-2024');
    expect(formatShortDay('2024-10-25', 'en')).toBe('Oct 25');
  });
});

describe('formatWaiting', () => {
  const start = Date.parse('2024-03-05T10:00:00.000Z');
  const after = (minutes: number) => start + minutes * 60_000 + 59_000;

  it('counts whole minutes, then hours and minutes, then days and hours', () => {
    expect(formatWaiting('2024-03-05T10:00:00.000Z', after(0), 'en')).toBe('0 min');
    expect(formatWaiting('2024-03-05T10:00:00.000Z', after(12), 'en')).toBe('12 min');
    expect(formatWaiting('2024-03-05T10:00:00.000Z', after(60), 'en')).toBe('1 hr');
    expect(formatWaiting('2024-03-05T10:00:00.000Z', after(125), 'en')).toBe('2 hr 5 min');
    expect(formatWaiting('2024-03-05T10:00:00.000Z', after(3 * 1440 + 240), 'en')).toBe(
      '3 days 4 hr',
    );
    expect(formatWaiting('2024-03-05T10:00:00.000Z', after(125), 'es')).toBe('2 h 5 min');
  });

  it('never goes below zero (a clock a little behind the server)', () => {
    expect(formatWaiting('2024-03-05T10:00:00.000Z', start - 90_000, 'en')).toBe('0 min');
    expect(formatWaiting('not a date', start, 'en')).toBe('');
  });
});

describe('in Arabic', () => {
  const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

  it("names the month in Arabic, with SPEC's order and Latin digits", () => {
    expect(formatDate('2026-10-06T10:00:00', 'ar')).toBe('أكتوبر-06-2026');
    expect(formatDate('2024-03-05', 'ar')).toBe('مارس-05-2024');
    expect(formatShortDay('2024-10-25', 'ar')).toBe('أكتوبر 25');
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7), 'ar')).toBe('مارس-05-2024 02:07 م');
  });

  it('never writes Arabic-Indic digits', () => {
    const moment = new Date(2024, 11, 25, 9, 5);
    for (const text of [
      formatDateTime(moment, 'ar'),
      formatFullTimestamp(moment, 'ar'),
      formatWaiting(moment, moment.getTime() + 3 * 86_400_000, 'ar'),
    ]) {
      expect(text).not.toMatch(ARABIC_DIGITS);
      expect(text).toMatch(/\d/);
    }
  });
});
