import dayjs from 'dayjs';

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const moneyFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A count with thousands separators: 12,345. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** Dollars with the $ prefix (SPEC 9), separators and cents: $123,456.70. */
export function formatMoney(value: number): string {
  const formatted = moneyFormat.format(Math.abs(value));
  return value < 0 ? `-$${formatted}` : `$${formatted}`;
}

/** SPEC 9: short month, two-digit day and year joined by hyphens: Mar-05-2024. */
export function formatDate(value: string | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM-DD-YYYY') : '';
}
