import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatMoney } from './format';

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
