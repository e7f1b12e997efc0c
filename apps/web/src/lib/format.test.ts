import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatShortDay,
  formatWaiting,
} from './format';

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

describe('formatDateTime', () => {
  it('writes the date, then the hour and minute', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7), 'en')).toBe('Mar-05-2024 02:07 PM');
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7), 'es')).toBe('05 mar 2024 14:07');
  });
});

describe('in Spanish', () => {
  it('writes money, counts and dates the Spanish way', () => {
    expect(formatMoney(123456.7, { language: 'es' })).toBe('123.456,70\u00a0US$');
    expect(formatMoney(-5.5, { language: 'es' })).toBe('-5,50\u00a0US$');
    expect(formatCount(12345, 'es')).toBe('12.345');
    expect(formatDate('2024-03-05T10:00:00', 'es')).toBe('05 mar 2024');
    expect(formatDate('not a date', 'es')).toBe('');
    expect(formatShortDay('2024-10-25', 'es')).toBe('25 oct');
  });

  it('keeps SPEC English when English is asked for', () => {
    expect(formatMoney(1234.5, { language: 'en' })).toBe('$1,234.50');
    expect(formatMoney(1234.5, { cents: false, language: 'en' })).toBe('$1,235');
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
