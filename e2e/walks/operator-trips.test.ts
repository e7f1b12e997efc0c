import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  API,
  apiGet,
  apiPost,
  describeWalks,
  inApp,
  type Paged,
  sessionByApi,
  signInByApi,
  useScheme,
} from '../support/browser';
import { screensDir } from '../support/paths';

/** Issue 45, point 5: what a first-day operations lead needs of the trips' screens. */

interface Ride {
  id: number;
  ride_status: string;
  user: { email: string };
  pickup_address: string;
  driver: { vehicle: { id: number; license_number: string } | null } | null;
  service_type: { title: string } | null;
  flags: string[];
  cancel_reason?: string | null;
}

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENS = screensDir('operator-trips');

/** The trips table's rows once loaded and settled. */
async function rowsOf(page: Page) {
  const rows = page.getByRole('table', { name: 'Overall Trips' }).locator('tbody tr');
  await expect.poll(() => rows.first().locator('td').count()).toBeGreaterThan(1);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

/** The row of trip `id` (its id link reads `#id`). */
const rowOf = (page: Page, id: number) =>
  page
    .getByRole('table', { name: 'Overall Trips' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) });

/** Every e-mail shown is on one line, whole or cut with an ellipsis, its full text on hover. */
async function emailsOnOneLine(page: Page) {
  const emails = await page.getByTestId('email').evaluateAll((nodes) =>
    nodes.map((node) => {
      const style = getComputedStyle(node);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.6;
      return {
        text: node.textContent,
        title: node.getAttribute('title'),
        oneLine: node.getBoundingClientRect().height <= line * 1.2,
        ellipsis: style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap',
      };
    }),
  );
  expect(emails.length).toBeGreaterThan(0);
  for (const email of emails) {
    expect(email, `e-mail ${email.text}`).toMatchObject({
      title: email.text,
      oneLine: true,
      ellipsis: true,
    });
  }
}

/** SPEC 9's display format of a `YYYY-MM-DD` day, in English: Nov-16-2026. */
const specDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const name = new Date(year, month - 1, date).toLocaleString('en-US', { month: 'short' });
  return `${name}-${String(date).padStart(2, '0')}-${year}`;
};

describe('operator trips', () => {
  const walk = describeWalks();

  walk(
    'the list shows ids, plates, flags and requested service types; dates in SPEC’s format with presets; the export named after its days',
    async ({ page, baseUrl, admin }) => {
      mkdirSync(SCREENS, { recursive: true });
      await page.setViewportSize(DESKTOP);
      const token = await sessionByApi(page, baseUrl, admin);
      const trips = (await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=10')).data;
      const pending = (
        await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=10&ride_status=Pending')
      ).data
        .filter((r) => r.service_type)
        .at(-1);
      expect(
        pending,
        'a Pending trip in the demo, with the service type it asked for',
      ).toBeTruthy();
      const driven = trips.find((r) => r.driver?.vehicle && r.flags.length === 0);
      expect(driven, 'a trip with a vehicle in good standing on page 1').toBeTruthy();
      const vehicle = driven!.driver!.vehicle!;

      // The trip's vehicle made Inactive: its trips are flagged (made Active again at the end).
      await apiPost(baseUrl, token, 'status-update', {
        id: vehicle.id,
        table: 'vehicles',
        status: 'Inactive',
        reason: 'Taken off the road for repairs',
      });
      try {
        await page.goto('/trip');
        let rows = await rowsOf(page);
        const table = page.getByRole('table', { name: 'Overall Trips' });
        await table.getByRole('columnheader', { name: 'Trip ID' }).waitFor();
        await table.getByRole('columnheader', { name: 'License Plate' }).waitFor();

        // The id and the plate of a driven trip; its flag says which.
        const row = rowOf(page, driven!.id);
        await row.getByText(vehicle.license_number, { exact: true }).waitFor();
        const badge = row.getByTestId('ride-flag');
        await badge.hover();
        await page.getByRole('tooltip').filter({ hasText: 'Vehicle inactive' }).waitFor();
        expect(await badge.getAttribute('aria-label')).toBe('Check vehicle: Vehicle inactive');

        // Denser rows: e-mails on one line, addresses with their full text on hover.
        await emailsOnOneLine(page);
        const address = row.getByTestId('ride-address').first();
        expect(await address.getAttribute('title')).toBe(driven!.pickup_address);

        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SCREENS}/list-desktop-light.png` });

        // Both columns can be hidden from the Columns menu.
        await page.getByRole('button', { name: 'Columns' }).click();
        const menu = page.getByRole('group', { name: 'Columns shown' });
        await menu.getByRole('checkbox', { name: 'Trip ID' }).waitFor();
        await menu.getByRole('checkbox', { name: 'License Plate' }).click();
        await page.waitForURL((url) => (url.searchParams.get('hide') ?? '').includes('plate'));
        await expect
          .poll(() => table.getByRole('columnheader', { name: 'License Plate' }).count())
          .toBe(0);
        await menu.getByRole('checkbox', { name: 'License Plate' }).click();
        await page.keyboard.press('Escape');

        // A Pending trip has no vehicle yet: the service type asked for.
        await inApp(page, '/trip?ride_status=Pending', 'Overall Trips');
        // Only Pending trips listed: the list of every trip has gone.
        await expect
          .poll(async () => [
            ...new Set(
              await page
                .getByRole('table', { name: 'Overall Trips' })
                .getByTestId('ride-status')
                .allTextContents(),
            ),
          ])
          .toEqual(['Pending']);
        await rowOf(page, pending!.id)
          .getByTestId('ride-requested-service')
          .filter({ hasText: `${pending!.service_type!.title} (requested)` })
          .waitFor();
        await inApp(page, '/trip', 'Overall Trips');
        // Every trip again: the driven one (not Pending) is back.
        await rowOf(page, driven!.id).waitFor();
        await rowsOf(page);

        // Dates: a preset fills both ends, shown as SPEC writes a date.
        const lastWeek = await page.evaluate(() => {
          const now = new Date();
          const sinceMonday = (now.getDay() + 6) % 7;
          const day = (offset: number) => {
            const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
            return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
          };
          return { from: day(-sinceMonday - 7), to: day(-sinceMonday - 1) };
        });
        await page.getByRole('button', { name: 'Dates' }).click();
        await page.getByRole('menuitem', { name: 'Last week' }).click();
        await page.waitForURL(
          (url) =>
            url.searchParams.get('from') === lastWeek.from &&
            url.searchParams.get('to') === lastWeek.to,
        );
        await expect
          .poll(() => page.getByLabel('From date').inputValue())
          .toBe(specDay(lastWeek.from));
        expect(await page.getByLabel('To date').inputValue()).toBe(specDay(lastWeek.to));
        rows = await rowsOf(page);
        expect(await rows.count()).toBeGreaterThan(0);

        // The export is named after those days.
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export' }).click(),
        ]);
        expect(file.suggestedFilename()).toBe(`trips_${lastWeek.from}_to_${lastWeek.to}.csv`);

        // A half-typed date: said incomplete, and no request carries it.
        const asked: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes(`${API}ride-list`)) asked.push(request.url());
        });
        const from = page.getByLabel('From date');
        await from.fill('Nov-2');
        await from.press('Tab');
        await page
          .getByText(/^Incomplete date: write it as [A-Z][a-z]{2}-\d{2}-\d{4}\.$/)
          .waitFor();
        expect(new URL(page.url()).searchParams.get('from')).toBe(lastWeek.from);
        expect(asked.filter((url) => !/from=\d{4}-\d{2}-\d{2}/.test(url))).toEqual([]);
        await page.screenshot({ path: `${SCREENS}/list-dates-desktop.png` });

        // The detail of the flagged trip: titled with its id, the plate and the same flag.
        await inApp(page, `/trip-detail/${driven!.id}`, `Trip #${driven!.id}`);
        await page.getByTestId('ride-plate').filter({ hasText: vehicle.license_number }).waitFor();
        expect(await page.getByTestId('ride-flag').getAttribute('aria-label')).toBe(
          'Check vehicle: Vehicle inactive',
        );
        await page.screenshot({ path: `${SCREENS}/detail-desktop-light.png` });

        // Dark.
        await useScheme(page, 'dark');
        await page.screenshot({ path: `${SCREENS}/detail-desktop-dark.png` });
        await inApp(page, '/trip', 'Overall Trips');
        await rowsOf(page);
        await page.screenshot({ path: `${SCREENS}/list-desktop-dark.png` });
      } finally {
        await apiPost(baseUrl, token, 'status-update', {
          id: vehicle.id,
          table: 'vehicles',
          status: 'Active',
        });
      }
    },
    240_000,
  );

  walk(
    'a Pending trip is cancelled with a usual reason, shown on the trip, its timeline and its history',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await sessionByApi(page, baseUrl, admin);
      // The oldest Pending of the newest hundred: other walks cancel the newest.
      const pending = (await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100')).data
        .filter((r) => r.ride_status === 'Pending')
        .at(-1);
      expect(pending, 'a Pending trip in the demo').toBeTruthy();
      await page.goto(`/trip-detail/${pending!.id}`);
      await page.getByRole('heading', { name: `Trip #${pending!.id}`, level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Reject trip' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Cancel trip' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel trip #${pending!.id}` });
      await dialog.waitFor();
      for (const reason of [
        'Passenger no-show',
        'Duplicate booking',
        'Requested by the passenger',
        'Driver unavailable',
        'Fraud suspected',
        'Other',
      ]) {
        await dialog.getByRole('radio', { name: reason }).waitFor();
      }
      // Nothing picked: asked for one. "Other" wants the words.
      await dialog.getByRole('button', { name: 'Cancel trip' }).click();
      await dialog.getByText('Please enter a reason.').waitFor();
      await dialog.getByRole('radio', { name: 'Other' }).check();
      await dialog.getByRole('button', { name: 'Cancel trip' }).click();
      await dialog.getByText('Please enter a reason.').waitFor();
      await page.screenshot({ path: `${SCREENS}/cancel-popup-desktop.png` });
      await dialog.getByRole('radio', { name: 'Passenger no-show' }).check();
      await dialog.getByRole('button', { name: 'Cancel trip' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByText('Cancellation Reason', { exact: true }).waitFor();
      await page.getByText('Passenger no-show', { exact: true }).first().waitFor();
      await page.getByText('Reason: Passenger no-show').first().waitFor();
      const after = await apiGet<Ride>(baseUrl, token, `ride-detail?ride_id=${pending!.id}`);
      expect(after).toMatchObject({ ride_status: 'Cancel', cancel_reason: 'Passenger no-show' });
      // Its history says who and why.
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('tabpanel').getByText('Passenger no-show').first().waitFor();
    },
    180_000,
  );

  walk(
    'on a phone the list never scrolls sideways, e-mails stay whole or cut, and the detail is titled with the id',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(PHONE);
      const token = await signInByApi(page, baseUrl, admin, '/trip');
      const trips = (await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=10')).data;
      await page.getByText(`#${trips[0]!.id}`, { exact: true }).first().waitFor();
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await wide()).toBeLessThanOrEqual(PHONE.width);
      await emailsOnOneLine(page);
      await page.screenshot({ path: `${SCREENS}/list-phone-light.png` });

      // The filters' drawer: the presets and the days fit too.
      await page.getByRole('button', { name: /^Filters/ }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Dates' }).click();
      await page.getByRole('menuitem', { name: 'Last 7 days' }).click();
      await expect
        .poll(() => drawer.getByLabel('From date').inputValue())
        .toMatch(/^[A-Z][a-z]{2}-\d{2}-\d{4}$/);
      expect(await wide()).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `${SCREENS}/filters-phone-light.png` });
      await page.keyboard.press('Escape');

      const driven = trips.find((r) => r.driver?.vehicle) ?? trips[0]!;
      await inApp(page, `/trip-detail/${driven.id}`, `Trip #${driven.id}`);
      await page.getByTestId('email').first().waitFor();
      expect(await wide()).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `${SCREENS}/detail-phone-light.png`, fullPage: true });

      await useScheme(page, 'dark');
      await page.screenshot({ path: `${SCREENS}/detail-phone-dark.png`, fullPage: true });
      await inApp(page, '/trip', 'Overall Trips');
      await page.getByText(`#${trips[0]!.id}`, { exact: true }).first().waitFor();
      await page.screenshot({ path: `${SCREENS}/list-phone-dark.png` });
    },
    180_000,
  );
});
