import { describe, expect, it } from 'vitest';
import { trendDays, utcToday } from './trend-days';

describe("the trend chart's days", () => {
  const days = [
    { day: '2026-11-22', trips: 120, revenue: 2400.5 },
    { day: '2026-11-23', trips: 131, revenue: 2610 },
    { day: '2026-11-24', trips: 9, revenue: 0 },
  ];

  it("keeps today's partial figures apart from the full days", () => {
    expect(trendDays(days, '2026-11-24')).toEqual([
      { day: '2026-11-22', trips: 120, revenue: 2400.5 },
      { day: '2026-11-23', trips: 131, revenue: 2610 },
      { day: '2026-11-24', tripsSoFar: 9, revenueSoFar: 0 },
    ]);
  });

  it('marks nothing when today is not among the days', () => {
    expect(trendDays(days, '2026-11-25').every((d) => d.tripsSoFar === undefined)).toBe(true);
  });

  it('counts today in UTC, as the API does', () => {
    expect(utcToday(new Date('2026-11-24T23:30:00-05:00'))).toBe('2026-11-25');
  });
});
