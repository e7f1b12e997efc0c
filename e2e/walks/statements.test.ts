import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { apiGet, describeWalks, type Paged, sessionByApi } from '../support/browser';

type Statement = {
  party: { name: string };
  trips: number;
  gross: string;
  closing_balance: string;
  lines: Paged<{ ride_id: number | null; amount: string }>;
};

/** SPEC's money, as the app writes an amount of the ledger: -$1,234.50. */
const money = (text: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  }).format(Number(text));

const day = (date: Date) => date.toISOString().slice(0, 10);

describe('statements', () => {
  const walk = describeWalks();

  walk(
    'opens a driver’s Earnings tab, picks a period, prints its statement and downloads its CSV',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      // The driver with the most trips, and the year up to today: the seeded trips are in it.
      const [driver] = (
        await apiGet<Paged<{ id: number; name: string }>>(
          baseUrl,
          token,
          'user-list?user_type=Driver&sort=-driver_rides_count&per_page=1',
        )
      ).data;
      const today = new Date();
      const from = day(new Date(today.getTime() - 364 * 86_400_000));
      const to = day(today);
      const query = `driver_id=${driver!.id}&from=${from}&to=${to}`;
      const expected = await apiGet<Statement>(baseUrl, token, `statement?${query}`);
      expect(expected.trips).toBeGreaterThan(0);

      await page.goto(`/driver-detail/${driver!.id}`);
      await page.getByRole('tab', { name: 'Earnings' }).click();
      const earnings = page.getByTestId('earnings');
      await earnings.waitFor();
      // This month's statement first; then the year, typed as days in the URL.
      await expect.poll(() => page.url()).toContain('tab=earnings');
      await page.goto(`/driver-detail/${driver!.id}?tab=earnings&from=${from}&to=${to}`);
      await expect
        .poll(() => earnings.getByTestId('statement-closing').innerText())
        .toContain(money(expected.closing_balance));
      await expect
        .poll(() => earnings.getByTestId('statement-trips').innerText())
        .toContain(expected.trips.toLocaleString('en-US'));
      // The first line is the period's first movement, its amount as the API answers it.
      const firstLine = expected.lines.data[0]!;
      const table = earnings.getByRole('table', { name: 'Lines' });
      await expect
        .poll(() => table.locator('tbody tr').first().innerText())
        .toContain(money(firstLine.amount));

      // The CSV: every line of the period, named after its days.
      const download = page.waitForEvent('download');
      await earnings.getByRole('button', { name: 'Export' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`statement_${from}_to_${to}.csv`);
      const text = await readFile(await file.path(), 'utf8');
      const lines = text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        '"Date","Kind","Trip ID","Reference","Gross","Coupon","Commission","Share","Cash collected","Amount"',
      );
      expect(lines.length - 1).toBe(expected.lines.total);

      // The printable statement: no sidebar, the driver and the period at its head.
      await earnings.getByRole('link', { name: 'Print' }).click();
      await page.waitForURL((url) => url.pathname === '/statement-print');
      await expect.poll(() => page.getByTestId('printed-party').innerText()).toBe(driver!.name);
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('statement-closing').innerText())
        .toContain(money(expected.closing_balance));
      expect(await page.locator('table').last().locator('tbody tr').count()).toBe(
        Math.min(expected.lines.total, 2000),
      );
    },
  );
});
