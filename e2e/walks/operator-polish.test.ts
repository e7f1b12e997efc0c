import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  apiGet,
  describeWalks,
  motionless,
  type Paged,
  inApp,
  sessionByApi,
  signInByApi,
  toastAfter,
  apiPost,
} from '../support/browser';
import { artifactsDir } from '../support/paths';

/*
 * Issue 45, point 9: no placeholders. A coupon is edited and its switch reads
 * as every Active switch does; a document or a car's photo says what it is
 * and whose; the dashboard's chart gives each series its colour and its
 * revenue as money.
 */

interface Coupon {
  id: number;
  title: string;
  coupon_code: string;
  discount: number;
  suspend_status: 0 | 1;
}
interface Person {
  id: number;
  name: string;
}
interface Vehicle {
  id: number;
  license_number: string;
}
/** A vehicle's documents and photos as the list sends them: a URL, or null when missing. */
type Pictured = Vehicle &
  Record<
    'registration_front' | 'insurance' | 'vehicle_front' | 'vehicle_right' | 'vehicle_left',
    string | null
  >;
interface Waiting {
  kind: 'company' | 'driver' | 'vehicle';
  name: string;
}

const shots = join(artifactsDir, 'operator-polish');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  // After a resize the sidebar may still be sliding: the picture is of the screen at rest.
  await motionless(page);
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

async function dark(page: Page) {
  await page.getByRole('switch', { name: 'Toggle color scheme' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    )
    .toBe('dark');
}

/** The colour a switch's track shows (Mantine draws it, not the hidden input). */
const trackColour = (page: Page, name: string) =>
  page
    .getByRole('switch', { name })
    .locator('xpath=following-sibling::*[1]')
    .evaluate((track) => getComputedStyle(track).backgroundColor);

/** Waits until a list has rows and no request is under way. */
async function settledRows(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await expect.poll(() => rows.first().locator('td').count()).toBeGreaterThan(1);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

describe('operator polish (issue 45, point 9)', () => {
  const walk = describeWalks();

  walk(
    'a coupon typed in small letters is kept in capitals, is edited, and its switch is teal while it is active, as a passenger’s is',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await sessionByApi(page, baseUrl, admin);
      const suffix = Date.now().toString(36).slice(-5);
      const created = await apiPost<Coupon>(baseUrl, token, 'coupon-add', {
        title: 'Polish rides',
        coupon_code: `polish${suffix}`,
        discount: 12,
        description: 'Twelve percent off.',
      });
      const code = `POLISH${suffix.toUpperCase()}`;
      expect(created.coupon_code).toBe(code);

      // An active passenger's switch: the colour "active" has everywhere.
      const [passenger] = (
        await apiGet<Paged<Person & { status: string }>>(
          baseUrl,
          token,
          'user-list?user_type=User&status=Active&per_page=1',
        )
      ).data;
      await page.goto(`/user?search=${encodeURIComponent(passenger!.name)}`);
      await settledRows(page, 'User List');
      const active = await trackColour(page, `Active status of ${passenger!.name}`);

      await inApp(page, '/coupon', 'Coupon List');
      const rows = await settledRows(page, 'Coupon List');
      const row = rows.filter({ hasText: code });
      await row.waitFor();
      const toggle = `Active status of coupon ${code}`;
      expect(await row.getByRole('switch', { name: toggle }).isChecked()).toBe(true);
      expect(await trackColour(page, toggle)).toBe(active);
      await shoot(page, 'coupons-desktop-light');

      // Edit: the popup holds the coupon; Update saves it, the code in capitals.
      await row.getByRole('button', { name: `Edit coupon ${code}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Coupon' });
      expect(await dialog.getByLabel('Coupon Code').inputValue()).toBe(code);
      await dialog.getByLabel('Title').fill('Polished rides');
      await dialog.getByLabel('Coupon Percentage').fill('18');
      await dialog.getByLabel('Coupon Code').fill(`${code.toLowerCase()}b`);
      await shoot(page, 'coupon-edit-desktop-light');
      await toastAfter(page, 'Coupon updated successfully.', () =>
        dialog.getByRole('button', { name: 'Update' }).click(),
      );
      await dialog.waitFor({ state: 'hidden' });
      const edited = rows.filter({ hasText: `${code}B` });
      await expect.poll(() => edited.innerText()).toContain('Polished rides');
      expect(await edited.innerText()).toContain('18%');
      const saved = async () =>
        (await apiGet<Coupon[]>(baseUrl, token, 'coupon-list')).find((c) => c.id === created.id);
      expect(await saved()).toMatchObject({ coupon_code: `${code}B`, discount: 18 });

      // Suspended: asked first, then off and no longer teal; saved on the server.
      const editedToggle = `Active status of coupon ${code}B`;
      await edited.getByRole('switch', { name: editedToggle }).click({ force: true });
      const ask = page.getByRole('dialog', { name: 'Deactivate' });
      await ask.getByText(`Suspend coupon ${code}B?`, { exact: false }).waitFor();
      await toastAfter(page, 'Coupon status updated successfully.', () =>
        ask.getByRole('button', { name: 'Deactivate' }).click(),
      );
      await expect.poll(async () => (await saved())?.suspend_status).toBe(1);
      await expect
        .poll(() => edited.getByRole('switch', { name: editedToggle }).isChecked())
        .toBe(false);
      expect(await trackColour(page, editedToggle)).not.toBe(active);

      await page.setViewportSize(PHONE);
      await shoot(page, 'coupons-phone-light');
      await dark(page);
      await shoot(page, 'coupons-phone-dark');
      await page.setViewportSize(DESKTOP);
      await shoot(page, 'coupons-desktop-dark');
    },
    240_000,
  );

  walk(
    'documents and a car’s photos say what they are and whose: the driver’s and vehicle’s pages and the review desk',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await sessionByApi(page, baseUrl, admin);
      // A demo driver with both licence pictures, and a demo vehicle with its documents and
      // photos: the newest may be one another walk's simulator registered without them.
      let driver: Person | undefined;
      const drivers = await apiGet<Paged<Person>>(
        baseUrl,
        token,
        'user-list?user_type=Driver&per_page=20',
      );
      for (const candidate of drivers.data) {
        const pictures = await apiGet<{ dl_front: string | null; holding_dl: string | null }>(
          baseUrl,
          token,
          `user-detail?user_id=${candidate.id}`,
        );
        if (pictures.dl_front && pictures.holding_dl) {
          driver = candidate;
          break;
        }
      }
      expect(driver, 'a demo driver with both licence pictures').toBeDefined();
      await page.goto(`/driver-detail/${driver!.id}`);
      for (const label of ['Licence Front', 'Photo Holding Licence']) {
        await page.getByRole('img', { name: `${label} of ${driver!.name}`, exact: true }).waitFor();
      }

      const vehicle = (
        await apiGet<Paged<Pictured>>(baseUrl, token, 'vehicle-list?per_page=50')
      ).data.find(
        (v) =>
          v.registration_front &&
          v.insurance &&
          v.vehicle_front &&
          v.vehicle_right &&
          v.vehicle_left,
      );
      expect(vehicle, 'a demo vehicle with its documents and photos').toBeDefined();
      await inApp(page, `/vehicle-detail/${vehicle!.id}`, 'Vehicle Detail');
      const plate = vehicle!.license_number;
      for (const label of ['Registration Front', 'Insurance', 'Front', 'Passenger Side']) {
        await page
          .getByRole('img', { name: `${label} of vehicle ${plate}`, exact: true })
          .waitFor();
      }
      await page.getByRole('button', { name: 'Zoom Front' }).click();
      await page
        .getByRole('dialog', { name: 'Front' })
        .getByRole('img', { name: `Front of vehicle ${plate}`, exact: true })
        .waitFor();
      await page.keyboard.press('Escape');
      await shoot(page, 'vehicle-photos-desktop-light');

      // The review desk: the document shown large names whose it is.
      const [waiting] = (
        await apiGet<Paged<Waiting>>(baseUrl, token, 'review-queue?kind=driver&per_page=1')
      ).data;
      await inApp(page, '/review?kind=driver', 'Review desk');
      const queue = await settledRows(page, 'Review desk');
      await queue.filter({ hasText: waiting!.name }).first().getByText(waiting!.name).click();
      await page.getByRole('heading', { name: waiting!.name, level: 2 }).waitFor();
      await page
        .getByTestId('review-document')
        .getByRole('img', { name: new RegExp(` of ${waiting!.name}$`) })
        .waitFor();
      await shoot(page, 'review-desktop-light');
    },
    240_000,
  );

  walk(
    'the dashboard chart: a colour of its own for each series, light and dark, and revenue as money in its tooltip',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      await signInByApi(page, baseUrl, admin, '/');
      const chart = page.getByTestId('trend-chart');
      const swatches = chart.locator('[data-chart-swatch]');
      await expect.poll(() => swatches.count()).toBe(4);
      const colours = () =>
        swatches.evaluateAll((all) =>
          all.map((swatch) => getComputedStyle(swatch).backgroundColor),
        );
      const light = await colours();
      expect(new Set(light).size, light.join(' ')).toBe(4);

      // The tooltip of a day: its trips a count, its revenue money as the cards show it.
      const surface = chart.locator('[data-chart-plot]');
      const box = (await surface.boundingBox())!;
      const tooltip = chart.locator('[data-chart-tooltip]');
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
      await tooltip.waitFor();
      const revenue = tooltip.locator('[data-chart-item]').filter({ hasText: 'Revenue ($)' });
      expect(await revenue.innerText()).toMatch(/Revenue \(\$\)\s*\$\d{1,3}(,\d{3})*\.\d{2}$/);
      expect(
        await tooltip
          .locator('[data-chart-item]')
          .filter({ hasText: /^Trips/ })
          .innerText(),
      ).toMatch(/^Trips\s*\d{1,3}(,\d{3})*$/);
      await shoot(page, 'dashboard-desktop-light');
      await page.setViewportSize(PHONE);
      await chart.scrollIntoViewIfNeeded();
      await shoot(page, 'dashboard-phone-light');
      await page.setViewportSize(DESKTOP);

      await dark(page);
      const darker = await colours();
      expect(new Set(darker).size, darker.join(' ')).toBe(4);
      // Measured again: the phone's scroll moved the chart.
      const again = (await surface.boundingBox())!;
      await page.mouse.move(again.x + again.width * 0.4, again.y + again.height * 0.5);
      await tooltip.waitFor();
      await shoot(page, 'dashboard-desktop-dark');
      await page.setViewportSize(PHONE);
      await chart.scrollIntoViewIfNeeded();
      await shoot(page, 'dashboard-phone-dark');
    },
    240_000,
  );
});
