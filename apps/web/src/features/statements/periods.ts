/**
 * The periods a statement is picked by (issue 48): the current and previous
 * week (Monday to Sunday, ISO 8601) and month, in UTC days as the ledger
 * counts them, or any days chosen.
 */
export const STATEMENT_PERIODS = ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type StatementPeriod = (typeof STATEMENT_PERIODS)[number];

const dayText = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));

/** The first and last day (`YYYY-MM-DD`, inclusive) of a period as of `today` (UTC). */
export function periodDays(
  period: StatementPeriod,
  today: Date = new Date(),
): { from: string; to: string } {
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()];
  // Days since Monday: Monday 0 ... Sunday 6.
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  switch (period) {
    case 'thisWeek':
      return {
        from: dayText(utc(year, month, day - sinceMonday)),
        to: dayText(utc(year, month, day - sinceMonday + 6)),
      };
    case 'lastWeek':
      return {
        from: dayText(utc(year, month, day - sinceMonday - 7)),
        to: dayText(utc(year, month, day - sinceMonday - 1)),
      };
    case 'thisMonth':
      return { from: dayText(utc(year, month, 1)), to: dayText(utc(year, month + 1, 0)) };
    case 'lastMonth':
      return { from: dayText(utc(year, month - 1, 1)), to: dayText(utc(year, month, 0)) };
  }
}

/** The period of these days, if they are one of the named ones. */
export function periodOf(from: string, to: string, today: Date = new Date()) {
  return STATEMENT_PERIODS.find((p) => {
    const days = periodDays(p, today);
    return days.from === from && days.to === to;
  });
}
