import { describe, expect } from 'vitest';
import { callApi, describeWalks, signInByApi } from '../support/browser';

describe('sales and the dashboard trends', () => {
  const walk = describeWalks();

  walk(
    'draws the 30-day chart, trips by status and the approvals waiting',
    async ({ page, baseUrl, admin }) => {
      const token = await signInByApi(page, baseUrl, admin, '/');
      const { body } = await callApi(baseUrl, 'dashboard-trends', token);
      const trends = (body as { data: { pending: { drivers: number } } }).data;

      const chart = page.getByTestId('trend-chart');
      await chart.locator('[data-chart-bar]').first().waitFor();
      expect(await chart.locator('[data-chart-bar]').count()).toBeGreaterThan(10);
      await page.getByTestId('trips-by-status').getByText('Completed').waitFor();
      const waiting = page.getByTestId('waiting-approval');
      await expect.poll(() => waiting.innerText()).toContain(String(trends.pending.drivers));

      await waiting.getByRole('link', { name: 'Drivers' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/driver' && url.searchParams.get('approval') === 'Pending',
      );
    },
  );
});
