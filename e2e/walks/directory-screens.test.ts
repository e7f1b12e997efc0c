import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiGet, describeWalks, inApp, type Paged, signInByApi } from '../support/browser';

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

describe('the directory screens', () => {
  const walk = describeWalks();

  walk(
    'every directory screen shows its data',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      const token = await signInByApi(page, baseUrl, admin, '/user');

      // A passenger, a driver and a company that all have trips; a demo driver with both
      // licence pictures (another walk's simulator drives drivers it registered with fewer).
      const rides = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100');
      let ride: Ride | undefined;
      for (const candidate of rides.data.filter((r) => r.driver?.vehicle && r.company)) {
        const pictures = await apiGet<{ dl_front: string | null; holding_dl: string | null }>(
          baseUrl,
          token,
          `user-detail?user_id=${candidate.driver!.id}`,
        );
        if (pictures.dl_front && pictures.holding_dl) {
          ride = candidate;
          break;
        }
      }
      expect(
        ride,
        'a ride with driver (with both licence pictures), vehicle and company',
      ).toBeTruthy();
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

      // /user-detail/:id
      await inApp(page, `/user-detail/${user.id}`, 'User Detail');
      await page.getByRole('heading', { name: user.name }).waitFor();
      rows = await rowsOf(page, 'Trip history');
      expect(await rows.first().innerText()).toMatch(/\$\d/);

      // /company
      await inApp(page, '/company', 'Company List');
      rows = await rowsOf(page, 'Company List');
      expect(await rows.count()).toBeGreaterThan(0);

      // /company-detail/:id: four cards, information, documents, drivers tab.
      await inApp(page, `/company-detail/${company.id}`, 'Company Detail');
      await page.getByRole('heading', { name: 'Company Information' }).waitFor();
      for (const label of ['Total Driver', 'Total Vehicle', 'Todays Revenue', 'Overall Revenue']) {
        await page.getByTestId('figure-card').filter({ hasText: label }).waitFor();
      }
      expect(
        await page.getByTestId('figure-card').filter({ hasText: 'Overall Revenue' }).innerText(),
      ).toMatch(/\$[\d,]+\.\d{2}/);
      await page.getByRole('tab', { name: 'Driver List' }).waitFor();
      rows = await rowsOf(page, 'Driver List');
      await page.getByRole('tab', { name: 'Vehicle List' }).click();
      await page.waitForURL(/tab=vehicles/);
      rows = await rowsOf(page, 'Vehicle List');
      expect(await rows.count()).toBeGreaterThan(0);

      // /vehicle
      await inApp(page, '/vehicle', 'Vehicle List');
      rows = await rowsOf(page, 'Vehicle List');

      // /vehicle-detail/:id: every field, 3 documents and 4 photos, of a demo vehicle that has
      // them (the newest may be one another walk's simulator registered, with no photos).
      const vehicles = await apiGet<
        Paged<{ id: number; registration_front: string | null; vehicle_front: string | null }>
      >(baseUrl, token, 'vehicle-list?per_page=100');
      const pictured = vehicles.data.find((v) => v.registration_front && v.vehicle_front);
      expect(pictured, 'a demo vehicle with its documents and photos').toBeDefined();
      await inApp(page, `/vehicle-detail/${pictured!.id}`, 'Vehicle Detail');
      await page.getByRole('heading', { name: 'Vehicle Information' }).waitFor();
      await documentsLoaded(page, 7);

      // /driver
      await inApp(page, '/driver', 'Driver List');
      rows = await rowsOf(page, 'Driver List');

      // /driver-detail/:id with its trips, and the way to its history summary.
      await inApp(page, `/driver-detail/${driver.id}`, 'Driver Detail');
      await page.getByRole('heading', { name: driver.name }).waitFor();
      rows = await rowsOf(page, 'Trip history');
      await documentsLoaded(page, 2);

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
    },
    120_000,
  );
});
