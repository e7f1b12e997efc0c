import { describe, expect, it } from 'vitest';
import { periodDays, periodOf } from './periods';

describe('statement periods', () => {
  // Wednesday, March 4, 2026, late in the evening in UTC.
  const today = new Date('2026-03-04T23:30:00Z');

  it('are this and last week, Monday to Sunday, and this and last month, in UTC days', () => {
    expect(periodDays('thisWeek', today)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(periodDays('lastWeek', today)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodDays('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(periodDays('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('start a week on Monday when today is a Sunday, and a month across a year', () => {
    const sunday = new Date('2026-01-04T00:00:00Z');
    expect(periodDays('thisWeek', sunday)).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(periodDays('lastMonth', sunday)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('name the period of days that are one, and none of other days', () => {
    expect(periodOf('2026-02-01', '2026-02-28', today)).toBe('lastMonth');
    expect(periodOf('2026-02-01', '2026-02-27', today)).toBeUndefined();
  });
});
