import type { DashboardTrends } from '@cabdesk/contract';

/** A day of the chart: full days in `trips`/`revenue`, today's partial figures apart. */
export interface TrendDay {
  day: string;
  trips?: number;
  revenue?: number;
  /** Today, so far: drawn apart (a lighter, dashed bar; its own dot), not as a full day. */
  tripsSoFar?: number;
  revenueSoFar?: number;
}

/** The chart's days: today's (UTC, as the API counts), if present, marked as partial. */
export function trendDays(days: DashboardTrends['days'], today: string): TrendDay[] {
  return days.map(({ day, trips, revenue }) =>
    day === today ? { day, tripsSoFar: trips, revenueSoFar: revenue } : { day, trips, revenue },
  );
}

/** Today's date as the API's days are counted (UTC): `2026-11-24`. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);
