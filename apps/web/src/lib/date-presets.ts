/**
 * The ranges of days a date filter offers in one click (issue 45), counted in
 * the administrator's time zone (the browser's) from `today`: a week runs
 * Monday to Sunday (ISO 8601), "this month" up to today.
 */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'lastWeek',
  'thisMonth',
  'lastMonth',
] as const;
type DatePreset = (typeof DATE_PRESETS)[number];

const dayText = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The first and last day (`YYYY-MM-DD`, both inclusive) of `preset` as of `today`. */
export function presetRange(
  preset: DatePreset,
  today: Date = new Date(),
): {
  from: string;
  to: string;
} {
  const [year, month, day] = [today.getFullYear(), today.getMonth(), today.getDate()];
  const at = (y: number, m: number, d: number) => dayText(new Date(y, m, d));
  switch (preset) {
    case 'today':
      return { from: at(year, month, day), to: at(year, month, day) };
    case 'yesterday':
      return { from: at(year, month, day - 1), to: at(year, month, day - 1) };
    case 'last7Days':
      return { from: at(year, month, day - 6), to: at(year, month, day) };
    case 'lastWeek': {
      // Days since Monday: Monday 0 ... Sunday 6.
      const sinceMonday = (today.getDay() + 6) % 7;
      return {
        from: at(year, month, day - sinceMonday - 7),
        to: at(year, month, day - sinceMonday - 1),
      };
    }
    case 'thisMonth':
      return { from: at(year, month, 1), to: at(year, month, day) };
    case 'lastMonth':
      return { from: at(year, month - 1, 1), to: at(year, month, 0) };
  }
}
