import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiGet, describeWalks, motionless, type Paged, signInByApi } from '../support/browser';
import { artifactsDir } from '../support/paths';

interface Person {
  id: number;
  name: string;
  email: string;
  approval: string;
  user_type: string;
  driver_rides_count: number;
}
interface Ride {
  id: number;
  user: { id: number; name: string };
  driver: { id: number; name: string; vehicle: { id: number } | null } | null;
  company: { id: number } | null;
}

/** Waits until the page's table has rows (not the loader, not "No Records Found"). */
async function rowsOf(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await expect.poll(() => rows.first().locator('td').count()).toBeGreaterThan(1);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

/** Every document and photo of the page has loaded: its signed URL opened it. */
async function documentsLoaded(page: Page, count: number) {
  const images = page.getByTestId('image-zoom').locator('img');
  await expect.poll(() => images.count()).toBe(count);
  await expect
    .poll(() =>
      images.evaluateAll((all: HTMLImageElement[]) =>
        all.every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

/** Full-page copies, to look below the fold (the artifacts are the 1366x860 screen). */
const fullPageDir = join(tmpdir(), 'cabdesk-directory-full');

/**
 * Lets images finish loading and the overlay fade, then saves what a
 * 1366x860 screen shows into e2e/artifacts/, and the whole page beside.
 */
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete))
    .catch(() => undefined);
  await motionless(page);
  await page.screenshot({ path: join(artifactsDir, name) });
  mkdirSync(fullPageDir, { recursive: true });
  await page.screenshot({ path: join(fullPageDir, name), fullPage: true });
}

describe('the directory screens', () => {
  const walk = describeWalks();

  walk(
    'every directory screen shows its data (screenshots at 1366x860)',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      const token = await signInByApi(page, baseUrl, admin, '/user');

      // A passenger, a driver and a company that all have trips.
      const rides = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100');
      const ride = rides.data.find((r) => r.driver?.vehicle && r.company);
      expect(ride, 'a ride with driver, vehicle and company').toBeTruthy();
      const { user, driver, company } = ride as Required<Ride> & {
        driver: NonNullable<Ride['driver']> & { vehicle: { id: number } };
        company: { id: number };
      };

      // /user
      let rows = await rowsOf(page, 'User List');
      expect(await rows.count()).toBe(10);
      await expect.poll(() => page.getByText(/^Showing 1 - \d+$/).count()).toBe(1);
      const header = await page
        .getByRole('table', { name: 'User List' })
        .locator('thead th')
        .allInnerTexts();
      // The selection box of bulk actions, then SPEC's columns.
      expect(header.map((h) => h.trim())).toEqual([
        '',
        '#',
        'User Detail',
        'Contact',
        'Registration Date',
        'Action',
      ]);
      expect(await rows.first().innerText()).toMatch(/[A-Z][a-z]{2}-\d{2}-\d{4}/);
      await shoot(page, 'user.png');

      // /user-detail/:id
      await page.goto(`/user-detail/${user.id}`);
      await page.getByRole('heading', { name: user.name }).waitFor();
      rows = await rowsOf(page, 'Trip history');
      expect(await rows.first().innerText()).toMatch(/\$\d/);
      await shoot(page, 'user-detail.png');

      // /company
      await page.goto('/company');
      rows = await rowsOf(page, 'Company List');
      expect(await rows.count()).toBeGreaterThan(0);
      await shoot(page, 'company.png');

      // /company-detail/:id: four cards, information, documents, drivers tab.
      await page.goto(`/company-detail/${company.id}`);
      await page.getByRole('heading', { name: 'Company Information' }).waitFor();
      for (const label of ['Total Driver', 'Total Vehicle', 'Todays Revenue', 'Overall Revenue']) {
        await page.getByTestId('figure-card').filter({ hasText: label }).waitFor();
      }
      expect(
        await page.getByTestId('figure-card').filter({ hasText: 'Overall Revenue' }).innerText(),
      ).toMatch(/\$[\d,]+\.\d{2}/);
      await page.getByRole('tab', { name: 'Driver List' }).waitFor();
      rows = await rowsOf(page, 'Driver List');
      await shoot(page, 'company-detail.png');
      await page.getByRole('tab', { name: 'Vehicle List' }).click();
      await page.waitForURL(/tab=vehicles/);
      rows = await rowsOf(page, 'Vehicle List');
      expect(await rows.count()).toBeGreaterThan(0);

      // /vehicle
      await page.goto('/vehicle');
      rows = await rowsOf(page, 'Vehicle List');
      await shoot(page, 'vehicle.png');

      // /vehicle-detail/:id: every field, 3 documents and 4 photos.
      const vehicles = await apiGet<Paged<{ id: number }>>(baseUrl, token, 'vehicle-list');
      await page.goto(`/vehicle-detail/${vehicles.data[0]!.id}`);
      await page.getByRole('heading', { name: 'Vehicle Information' }).waitFor();
      await documentsLoaded(page, 7);
      await shoot(page, 'vehicle-detail.png');

      // /driver
      await page.goto('/driver');
      rows = await rowsOf(page, 'Driver List');
      await shoot(page, 'driver.png');

      // /driver-detail/:id with its trips, and the way to its history summary.
      await page.goto(`/driver-detail/${driver.id}`);
      await page.getByRole('heading', { name: driver.name }).waitFor();
      rows = await rowsOf(page, 'Trip history');
      await documentsLoaded(page, 2);
      await shoot(page, 'driver-detail.png');

      await page.getByRole('link', { name: 'Trip history summary' }).click();
      await page.waitForURL(`**/driver-history-detail?driver_id=${driver.id}`);
      const detail = await apiGet<Person>(baseUrl, token, `user-detail?user_id=${driver.id}`);
      await page
        .getByTestId('figure-card')
        .filter({ hasText: 'Total Trips' })
        .filter({ hasText: String(detail.driver_rides_count) })
        .waitFor();
      rows = await rowsOf(page, 'Trip history');
      expect(await rows.count()).toBe(Math.min(10, detail.driver_rides_count));
      await shoot(page, 'driver-history-detail.png');
    },
    120_000,
  );
});
