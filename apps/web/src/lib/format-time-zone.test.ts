import { expect, it } from 'vitest';
import { adminTimeZone, formatDate, formatDateTime, formatFullTimestamp } from './format';

// West of Greenwich, where UTC midnight is still the day before. Set before
// the first date is formatted (the formatters read the zone when made).
process.env.TZ = 'America/New_York';

it('shows a calendar day (a date of birth) as that day, wherever the browser is', () => {
  expect(formatDate('2024-03-05', 'en')).toBe('Mar-05-2024');
  expect(formatDate('2024-03-05', 'es')).toBe('mar-05-2024');
});

it('shows a timestamp on its local day', () => {
  // 1 a.m. UTC is the evening before in New York.
  expect(formatDate('2024-03-05T01:00:00.000Z', 'en')).toBe('Mar-04-2024');
  expect(formatDate(new Date('2024-12-31T12:00:00.000Z'), 'en')).toBe('Dec-31-2024');
});

it('shows the time of day in the time zone of the browser, the whole timestamp with its zone', () => {
  expect(formatDateTime('2024-03-05T14:07:09.000Z', 'en')).toBe('Mar-05-2024 09:07 AM');
  expect(formatDateTime('2024-03-05T14:07:09.000Z', 'es')).toBe('mar-05-2024 09:07');
  expect(formatFullTimestamp('2024-03-05T14:07:09.000Z', 'en')).toBe(
    'Tuesday, March 5, 2024 at 9:07:09 AM EST',
  );
  // Past midnight UTC, still the evening before here: the date and the time agree.
  expect(formatDateTime('2024-03-05T01:30:00.000Z', 'en')).toBe('Mar-04-2024 08:30 PM');
  expect(adminTimeZone()).toBe('America/New_York');
});
