import { describe, expect } from 'vitest';
import { callApi, describeWalks, signInByApi, signInWithForm } from '../support/browser';

interface DashboardData {
  overall_driver: number;
  overall_vehicle: number;
  overall_company: number;
  overall_revenue: number;
}

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const money = (n: number) =>
  `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

describe('the dashboard and its frame', () => {
  const walk = describeWalks();

  walk(
    'shows the four figures, the sidebar, the bell and the footer',
    async ({ page, baseUrl, admin }) => {
      await page.goto('/login');
      await signInWithForm(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === '/');

      // The four cards, each with the figure the API reports, formatted.
      const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
      expect(token).toBeTruthy();
      const { status, body } = await callApi(baseUrl, 'dashboard', token!);
      expect(status).toBe(200);
      const figures = (body as { data: DashboardData }).data;
      // SPEC's four; an Owner sees Finance's panel of money cards below them (issue 48).
      const cards = page.locator(
        '[data-testid="stat-card"]:not([data-testid="finance-panel"] [data-testid="stat-card"])',
      );
      await cards.first().waitFor();
      const expected: [string, number, string][] = [
        ['Overall Driver', figures.overall_driver, count(figures.overall_driver)],
        ['Overall Vehicle', figures.overall_vehicle, count(figures.overall_vehicle)],
        ['Overall Company', figures.overall_company, count(figures.overall_company)],
        ['Overall Revenue', figures.overall_revenue, money(figures.overall_revenue)],
      ];
      expect(await cards.count()).toBe(4);
      for (const [label, value, shown] of expected) {
        expect(value, `${label} should not be zero in the demo data`).toBeGreaterThan(0);
        const card = cards.filter({ hasText: label });
        const text = await card.innerText();
        expect(text).toContain(shown);
      }
      const revenue = await cards.filter({ hasText: 'Overall Revenue' }).innerText();
      expect(revenue).toMatch(/\$\d{1,3}(,\d{3})*\.\d{2}/);

      // Footer.
      await page.getByText('Copyright © 2024 | All rights reserved', { exact: true }).waitFor();

      // Sidebar entries in order, the current one highlighted.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const entries = nav.locator(':scope a, :scope button').filter({ visible: true });
      // An entry's first line is its label (the review desk's second, its waiting count).
      expect((await entries.allInnerTexts()).map((t) => t.trim().split('\n')[0])).toEqual([
        'Dashboard',
        'Live',
        'Review desk',
        'Cases',
        'User',
        'Company',
        'Vehicle',
        'Driver',
        'Overall Trips',
        'Sales',
        'Payouts',
        'Statements',
        'Approvals',
        'FAQ',
        'Settings',
        'Logout',
      ]);
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
        'page',
      );

      // Settings opens to Coupon and Profile.
      expect(await nav.getByRole('link', { name: 'Coupon' }).isVisible()).toBe(false);
      await nav.getByRole('button', { name: 'Settings' }).click();
      await nav.getByRole('link', { name: 'Coupon' }).waitFor();
      await nav.getByRole('link', { name: 'Profile' }).waitFor();

      // The bell opens the notifications, an outside click closes them.
      await page.getByRole('button', { name: 'Notifications' }).click();
      const dropdown = page.getByRole('dialog', { name: 'Notification' });
      await dropdown.getByRole('heading', { name: 'Notification' }).waitFor();
      expect(await dropdown.getByRole('listitem').count()).toBeGreaterThan(0);
      await page.getByRole('heading', { name: 'Dashboard' }).click();
      await dropdown.waitFor({ state: 'hidden' });

      // Coupon leads to its screen, highlighted in the sidebar.
      await nav.getByRole('link', { name: 'Coupon' }).click();
      await page.waitForURL('**/coupon');
      await page.getByRole('heading', { name: 'Coupon List' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Coupon' }).getAttribute('aria-current')).toBe(
        'page',
      );
    },
  );

  walk('the burger opens and closes the sidebar', async ({ page, baseUrl, admin }) => {
    await signInByApi(page, baseUrl, admin, '/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    const onScreen = async () => {
      const box = await nav.boundingBox();
      return box !== null && box.x + box.width > 0;
    };
    expect(await onScreen()).toBe(true);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(onScreen).toBe(false);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(onScreen).toBe(true);
  });
});
