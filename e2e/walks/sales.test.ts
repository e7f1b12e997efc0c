import { describe, expect } from 'vitest';
import { callApi, describeWalks, signInByApi } from '../support/browser';

interface TransactionPage {
  data: { transaction_id: string; amount: number }[];
  per_page: number;
  last_page: number;
  total: number;
}

describe('sales and the dashboard trends', () => {
  const walk = describeWalks();

  walk(
    'numbers sales rows on across pages, with the page in the URL',
    async ({ page, baseUrl, admin, screenshot }) => {
      const token = await signInByApi(page, baseUrl, admin, '/sales');
      const { body } = await callApi(baseUrl, 'transaction?page=2', token);
      const second = (body as { data: TransactionPage }).data;
      expect(second.total).toBeGreaterThan(second.per_page);

      const table = page.getByRole('table', { name: 'Sales' });
      await table.getByRole('row').nth(1).waitFor();
      await page
        .getByTestId('table-pagination')
        .getByRole('button', { name: 'Page 2', exact: true })
        .click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      const firstRow = table.getByRole('row').nth(1);
      await expect.poll(() => firstRow.innerText()).toContain(second.data[0]!.transaction_id);
      const cells = await firstRow.getByRole('cell').allInnerTexts();
      expect(cells[0]).toBe(String(second.per_page + 1));
      expect(cells[3]).toMatch(/^\$\d[\d,]*\.\d{2}$/);
      await page.getByText(`Showing 2 - ${second.last_page}`).waitFor();
      await screenshot('sales.png');

      // A reload reopens the same page.
      await page.reload();
      await expect
        .poll(() => table.getByRole('row').nth(1).innerText())
        .toContain(second.data[0]!.transaction_id);
    },
  );

  walk(
    'draws the 30-day chart, trips by status and the approvals waiting',
    async ({ page, baseUrl, admin, screenshot }) => {
      const token = await signInByApi(page, baseUrl, admin, '/');
      const { body } = await callApi(baseUrl, 'dashboard-trends', token);
      const trends = (body as { data: { pending: { drivers: number } } }).data;

      const chart = page.getByTestId('trend-chart');
      await chart.locator('.recharts-bar-rectangle').first().waitFor();
      expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(10);
      await page.getByTestId('trips-by-status').getByText('Completed').waitFor();
      const waiting = page.getByTestId('waiting-approval');
      await expect.poll(() => waiting.innerText()).toContain(String(trends.pending.drivers));
      await screenshot('dashboard-trends.png');

      await waiting.getByRole('link', { name: 'Drivers' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/driver' && url.searchParams.get('approval') === 'Pending',
      );
    },
  );
});
