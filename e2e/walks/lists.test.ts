import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiGet, describeWalks, inApp, type Paged, signInByApi } from '../support/browser';

interface Ride {
  id: number;
  amount: number;
  created_at: string;
  ride_status: string;
  user: { id: number };
  driver: { id: number; name: string; vehicle: { id: number } | null } | null;
  company: { id: number } | null;
}
interface Sale {
  transaction_id: string;
  ride_id: number | null;
  amount: number;
  payment_method: string;
}
interface Sales extends Paged<Sale> {
  total_amount: number;
}

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (n: number) => n.toLocaleString('en-US');

/** Waits until a list has rows and no request is under way. */
async function settledRows(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await expect.poll(() => rows.first().locator('td').count()).toBeGreaterThan(1);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

/** The trip ids a trip list shows, from its view links. */
async function tripIds(page: Page) {
  const labels = await page
    .getByRole('table', { name: 'Overall Trips' })
    .getByRole('link', { name: /^View trip \d+$/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(label.replace('View trip ', '')));
}

/** The header cell of a column, which carries aria-sort. */
const headerOf = (page: Page, table: string, column: string) =>
  page.getByRole('table', { name: table }).locator('thead th').filter({ hasText: column });

/** A select's input, by its accessible name (Mantine's combobox input). */
const select = (page: Page, name: string) => page.locator(`input[aria-label="${name}"]`);

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** The table is no wider than its box: its row is read without scrolling inside it. */
async function expectTableFits(page: Page, path: string) {
  const fits = await page
    .getByTestId('data-table')
    .evaluate((box) => box.querySelector('table')!.offsetWidth <= box.clientWidth);
  expect(fits, `${path}: the table scrolls inside its box`).toBe(true);
}

/**
 * No word in the table's rows breaks inside ("Chauffe urs"): each word (a
 * hyphenated one in its parts) lies on one line.
 */
async function expectWholeWords(page: Page, path: string) {
  const broken = await page.getByTestId('data-table').evaluate((box) => {
    const found: string[] = [];
    const texts = document.createTreeWalker(box.querySelector('tbody')!, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) found.push(word[0]);
      }
    }
    return found;
  });
  expect(broken, `${path}: words broken inside`).toEqual([]);
}

describe('lists an operator lives in', () => {
  const walk = describeWalks();

  walk(
    'a header sorts the list on the server; every list fits 1280 px',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const token = await signInByApi(page, baseUrl, admin, '/trip');
      await settledRows(page, 'Overall Trips');
      await expectTableFits(page, '/trip');
      // A click sorts by price, largest first, on the server.
      const price = headerOf(page, 'Overall Trips', 'Price');
      await price.getByRole('button', { name: 'Price' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === '-amount');
      const dearest = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?sort=-amount');
      await expect.poll(() => tripIds(page)).toEqual(dearest.data.map((r) => r.id));

      // At 1280 px beside the menu every list's row fits: nothing scrolls inside a table.
      // Each opened in the app, as the menu's link does: its heading, then a row of its table.
      for (const [path, heading, table] of [
        ['/user', 'User List', 'User List'],
        ['/company', 'Company List', 'Company List'],
        ['/driver', 'Driver List', 'Driver List'],
        ['/vehicle', 'Vehicle List', 'Vehicle List'],
        ['/sales', 'Sales', 'Sales'],
        ['/faq', 'FAQ', 'FAQ list'],
        ['/coupon', 'Coupon List', 'Coupon List'],
      ] as const) {
        await inApp(page, path, heading);
        await settledRows(page, table);
        await expectTableFits(page, path);
        // The driver list fits with its date of birth hidden by default, not by breaking words.
        if (path === '/driver') await expectWholeWords(page, path);
      }
    },
  );

  walk(
    'trips filter by status and days, combined, with their count',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      const token = await signInByApi(page, baseUrl, admin, '/trip');
      await settledRows(page, 'Overall Trips');
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

      // The day (in the browser's time zone) of the newest trip waiting for a driver.
      const recent = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?ride_status=Pending');
      const newest = recent.data[0]!;
      const day = await page.evaluate(
        (iso) => new Date(iso).toLocaleDateString('en-CA'),
        newest.created_at,
      );

      // Two statuses from the select.
      await select(page, 'Trip status').click();
      await page.getByRole('option', { name: 'Pending' }).click();
      await page.getByRole('option', { name: 'Accepted' }).click();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => url.searchParams.get('ride_status') === 'Pending,Accept');

      // Then that day, from and to.
      await page.getByLabel('From date').fill(day);
      await page.getByLabel('To date').fill(day);
      await page.waitForURL(
        (url) => url.searchParams.get('from') === day && url.searchParams.get('to') === day,
      );
      const expected = await apiGet<Paged<Ride>>(
        baseUrl,
        token,
        `ride-list?ride_status=Pending,Accept&from=${day}&to=${day}&tz=${encodeURIComponent(zone)}`,
      );
      expect(expected.total).toBeGreaterThan(0);
      await expect.poll(() => tripIds(page)).toEqual(expected.data.map((r) => r.id));
      const noun = expected.total === 1 ? 'trip' : 'trips';
      await page
        .getByTestId('table-total')
        .filter({ hasText: `${count(expected.total)} ${noun}` })
        .waitFor();
      // Each row is one of the statuses, and says how long it has waited.
      const rows = await settledRows(page, 'Overall Trips');
      for (const status of await rows.getByTestId('ride-status').allTextContents()) {
        expect(['Pending', 'Accepted']).toContain(status);
      }
      expect(await rows.getByTestId('ride-waiting').first().innerText()).toMatch(
        /^Waiting \d+\s(min|hr)/,
      );

      // The filters combine with a sort; "Reset filters" clears the filters only.
      const sorted = new URL(`${page.url()}&sort=amount`);
      await inApp(page, sorted.pathname + sorted.search, 'Overall Trips');
      await expect
        .poll(() => headerOf(page, 'Overall Trips', 'Price').getAttribute('aria-sort'))
        .toBe('ascending');
      await settledRows(page, 'Overall Trips');
      await page.getByRole('button', { name: 'Reset filters' }).click();
      await page.waitForURL((url) => !url.searchParams.has('ride_status'));
      expect([...new URL(page.url()).searchParams.keys()]).toEqual(['sort']);
    },
  );

  walk(
    'sales show the filtered count and sum, and a sale opens its trip, whose names open their pages',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      const token = await signInByApi(page, baseUrl, admin, '/sales');
      const all = await apiGet<Sales>(baseUrl, token, 'transaction');
      const totals = page.getByTestId('sales-totals');
      await expect.poll(() => totals.innerText()).toContain(count(all.total));
      await expect.poll(() => totals.innerText()).toContain(dollars(all.total_amount));

      // One payment method: the figures follow the filter.
      await select(page, 'Payment method').click();
      await page.getByRole('option', { name: 'Cash' }).click();
      await page.waitForURL((url) => url.searchParams.get('payment_method') === 'Cash');
      const cash = await apiGet<Sales>(baseUrl, token, 'transaction?payment_method=Cash');
      expect(cash.total).toBeLessThan(all.total);
      await expect.poll(() => totals.innerText()).toContain(dollars(cash.total_amount));
      await expect.poll(() => totals.innerText()).toContain(count(cash.total));
      await settledRows(page, 'Sales');

      // The first sale opens its trip, which shows the same payment.
      const sale = cash.data.find((s) => s.ride_id !== null)!;
      await page
        .getByRole('link', { name: `Transaction ${sale.transaction_id}: open its trip` })
        .click();
      await page.waitForURL(`**/trip-detail/${sale.ride_id}`);
      await page.getByTestId('ride-transaction').filter({ hasText: sale.transaction_id }).waitFor();

      // Its driver's name opens the driver, whose vehicle lists the driver.
      const ride = await apiGet<Ride>(baseUrl, token, `ride-detail?ride_id=${sale.ride_id}`);
      const driver = ride.driver!;
      await page.getByRole('link', { name: driver.name, exact: true }).click();
      await page.waitForURL(`**/driver-detail/${driver.id}`);
      const vehicle = page.getByTestId('driver-vehicle');
      if (
        (await apiGet<{ vehicle: unknown }>(baseUrl, token, `user-detail?user_id=${driver.id}`))
          .vehicle
      ) {
        await vehicle.click();
        await page.waitForURL(/\/vehicle-detail\/\d+$/);
        await page
          .getByTestId('vehicle-drivers')
          .getByRole('link', { name: driver.name, exact: true })
          .waitFor();
      }
    },
  );

  walk(
    'every list and detail screen fits a 390 px phone: cards, a filter drawer, no sideways scroll',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const token = await signInByApi(page, baseUrl, admin, '/trip');
      const rides = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100');
      const ride = rides.data.find((r) => r.driver?.vehicle && r.company)!;
      const driver = ride.driver!;

      // The trip list as cards; its filters and sort in a drawer.
      const cards = page.getByTestId('row-card');
      await expect.poll(() => cards.count()).toBe(10);
      expect(await page.getByRole('table').count()).toBe(0);
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      await expectNoSidewaysScroll(page, '/trip');
      await page.getByRole('button', { name: 'Filters' }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters and sort' });
      await drawer.locator('input[aria-label="Trip status"]').click();
      await page.getByRole('option', { name: 'Cancelled' }).click();
      await page.keyboard.press('Escape');
      await drawer.getByLabel('Sort by').selectOption('-amount');
      await page.waitForURL(
        (url) =>
          url.searchParams.get('ride_status') === 'Cancel' &&
          url.searchParams.get('sort') === '-amount',
      );
      await drawer.getByRole('button', { name: 'Show results' }).click();
      // The cards shown until the filtered page comes are the unfiltered ones: poll.
      await expect
        .poll(async () => [...new Set(await cards.getByTestId('ride-status').allTextContents())])
        .toEqual(['Cancelled']);

      // Each opened in the app, as the menu's link does, told by its heading (the company's
      // second stop by its tab).
      const screens: [path: string, heading: string][] = [
        ['/user', 'User List'],
        ['/company', 'Company List'],
        ['/driver', 'Driver List'],
        ['/vehicle', 'Vehicle List'],
        ['/sales', 'Sales'],
        ['/faq', 'FAQ'],
        ['/coupon', 'Coupon List'],
        [`/user-detail/${ride.user.id}`, 'User Detail'],
        [`/company-detail/${ride.company!.id}`, 'Company Detail'],
        [`/company-detail/${ride.company!.id}?tab=vehicles`, 'Company Detail'],
        [`/driver-detail/${driver.id}`, 'Driver Detail'],
        [`/driver-history-detail?driver_id=${driver.id}`, 'Driver History Detail'],
        [`/vehicle-detail/${driver.vehicle!.id}`, 'Vehicle Detail'],
        [`/trip-detail/${ride.id}`, `Trip #${ride.id}`],
        ['/', 'Dashboard'],
        ['/my-profile', 'My Profile'],
      ];
      for (const [path, heading] of screens) {
        await inApp(page, path, heading);
        if (path.endsWith('?tab=vehicles')) {
          await page.getByRole('tab', { name: 'Vehicle List', selected: true }).waitFor();
        }
        // A list shows its cards, a detail page its sections, once loaded.
        await expect
          .poll(() => page.locator('[data-testid="row-card"], .mantine-Paper-root').count())
          .toBeGreaterThan(0);
        await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
        await expect.poll(() => page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page, path);
      }
    },
    120_000,
  );
});
