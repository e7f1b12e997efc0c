import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  apiGet,
  apiPost,
  describeWalks,
  inApp,
  type Paged,
  sessionByApi,
  signInByApi,
  toast,
} from '../support/browser';
import { screensDir } from '../support/paths';

interface Waiting {
  kind: 'company' | 'driver' | 'vehicle';
  id: number;
  name: string;
  documents: { document: string; images: { field: string }[] }[];
}

interface Vehicle {
  id: number;
  license_number: string;
  status: string;
  status_reason: string | null;
}

interface Person {
  id: number;
  name: string;
  email: string;
  approval: string;
  documents: { document: string; expires_on: string | null }[];
}

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };
const SCREENS = screensDir('operator-approvals');

/** Whether `inner` lies within `outer`'s box, left to right. */
async function inside(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return !!a && !!b && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

/** The table's rows once it has loaded. */
async function loaded(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await rows.first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

/** Flips an Active switch: its label is what a person clicks (the input sits under the track). */
async function flip(page: Page, name: string) {
  await expect.poll(() => page.locator('.mantine-Modal-overlay').count()).toBe(0);
  await page
    .getByRole('switch', { name: `Active status of ${name}` })
    .locator('xpath=ancestor::label[1]')
    .click();
}

/** The review screen of a record is open: its name is the heading. */
const onDesk = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 2 }).waitFor();

describe('operator approvals', () => {
  const walk = describeWalks();

  walk(
    'every screen that approves goes through the desk; an approval without dates is "Date missing"',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await sessionByApi(page, baseUrl, admin);
      // From the end of the list: other walks take the first pending drivers.
      const pending = await apiGet<Paged<Person>>(
        baseUrl,
        token,
        'driver-list?approval=Pending&per_page=100',
      );
      expect(pending.data.length).toBeGreaterThan(12);
      const [plain, fromList, fromDetail] = pending.data.slice(-3);

      // The detail page's Approve opens the desk on the driver, which asks the expiry date.
      await page.goto(`/driver-detail/${fromDetail!.id}`);
      await page.getByRole('link', { name: 'Approve on the review desk' }).click();
      await onDesk(page, fromDetail!.name);
      await page.getByRole('button', { name: /^Approve/ }).click();
      await page.getByText('Please enter the expiry date.').waitFor();
      await page.getByLabel('Driver licence valid until').fill('2027-12-31');
      await page.getByRole('button', { name: /^Approve/ }).click();
      await toast(page, `Approved ${fromDetail!.name}.`).waitFor();
      const approved = await apiGet<Person>(
        baseUrl,
        token,
        `user-detail?user_id=${fromDetail!.id}`,
      );
      expect(approved.approval).toBe('Approved');
      expect(approved.documents).toMatchObject([
        { document: 'driver_licence', expires_on: '2027-12-31' },
      ]);

      // A list row's Approve opens the desk on that row's driver.
      await inApp(page, `/driver?search=${encodeURIComponent(fromList!.email)}`, 'Driver List');
      const rows = await loaded(page, 'Driver List');
      expect(await rows.count()).toBe(1);
      await rows.getByRole('link', { name: `Approve ${fromList!.name}` }).click();
      await onDesk(page, fromList!.name);
      await page.getByLabel('Driver licence valid until').waitFor();

      // Bulk Approve sends the rows picked to the desk, one after another.
      await inApp(page, '/driver?approval=Pending', 'Driver List');
      const pendingRows = await loaded(page, 'Driver List');
      const names: string[] = [];
      for (const index of [0, 1]) {
        const box = pendingRows.nth(index).getByRole('checkbox');
        names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
        await box.check();
      }
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText('2 selected').waitFor();
      await bar.getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve 2 drivers?' });
      await dialog.getByText('the review desk opens on the 2 selected', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Open the review desk' }).click();
      await onDesk(page, names[0]!);
      await page.getByRole('link', { name: 'Back to the inbox' }).click();
      await page
        .getByTestId('named-records')
        .getByText('Records sent here from a list: 2.')
        .waitFor();
      const desk = await loaded(page, 'Review desk');
      expect(await desk.count()).toBe(2);
      for (const name of names) await desk.getByText(name, { exact: true }).waitFor();

      // SPEC's call without dates still approves; the document is then "Date missing".
      await apiPost(baseUrl, token, 'approval-user', {
        id: plain!.id,
        table: 'users',
        approval: 'Approved',
      });
      await inApp(page, '/expiring-documents', 'Expiring documents');
      const expiring = await loaded(page, 'Expiring documents');
      const row = expiring.filter({ hasText: plain!.name });
      await row.getByText('Date missing').waitFor();
      await row.getByText('Driver licence').waitFor();
    },
    120_000,
  );

  walk(
    "the review desk: J after a kind filter, the car's photos, wrapped reasons, and a phone's reachable decision",
    async ({ page, context, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await signInByApi(page, baseUrl, admin, '/review');
      const vehicles = await apiGet<Paged<Waiting>>(baseUrl, token, 'review-queue?kind=vehicle');
      const first = vehicles.data[0]!;

      // A kind filter clicked keeps the focus, and J still opens the oldest of that kind.
      await loaded(page, 'Review desk');
      await page.getByText('Vehicles', { exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('vehicle');
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      // The list shows that kind (its oldest first) before J is pressed, as a person sees it.
      await page
        .getByRole('table', { name: 'Review desk' })
        .locator('tbody tr')
        .first()
        .filter({ hasText: first.name })
        .waitFor();
      await page.keyboard.press('j');
      await onDesk(page, first.name);

      // The car's photos are documents of the review beside registration and insurance.
      const car = vehicles.data.find((item) =>
        item.documents.some((doc) => doc.document === 'vehicle_photos' && doc.images.length > 0),
      );
      expect(car, 'a pending vehicle with its photos in the review queue').toBeTruthy();
      await page.goto(`/review?records=vehicle-${car!.id}&item=vehicle-${car!.id}`);
      await onDesk(page, car!.name);
      const picker = page.getByRole('group', { name: 'Documents' });
      await picker.getByRole('button', { name: 'Insurance' }).waitFor();
      await picker.getByRole('button', { name: 'Car front' }).click();
      await page.getByText('Vehicle photos · Car front').waitFor();
      await page.screenshot({ path: `${SCREENS}/desk-vehicle-photos-desktop.png` });

      // In Spanish the usual reasons are long: each wraps inside the decision panel.
      await page.evaluate(() => window.localStorage.setItem('setLanguage', 'es'));
      await page.reload();
      await onDesk(page, car!.name);
      await page.keyboard.press('r');
      const chips = page.getByRole('group', { name: 'Motivos habituales' });
      await chips.waitFor();
      const panel = page.getByTestId('decision-panel');
      const labels = chips.locator('label');
      expect(await labels.count()).toBe(4);
      for (let i = 0; i < 4; i++) expect(await inside(labels.nth(i), panel)).toBe(true);
      await page.screenshot({ path: `${SCREENS}/desk-reasons-es-desktop.png` });

      // A phone: the decision stays on screen while the documents scroll; no key hints on touch.
      const browser = context.browser()!;
      const phone = await browser.newContext({
        baseURL: baseUrl,
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
        locale: 'en-US',
        reducedMotion: 'reduce',
      });
      try {
        const touch = await phone.newPage();
        await signInByApi(
          touch,
          baseUrl,
          admin,
          `/review?records=vehicle-${car!.id}&item=vehicle-${car!.id}`,
        );
        await onDesk(touch, car!.name);
        const approve = touch.getByRole('button', { name: /^Approve/ });
        const onScreen = async () => {
          const box = await approve.boundingBox();
          return !!box && box.y >= 0 && box.y + box.height <= PHONE.height;
        };
        await expect.poll(onScreen).toBe(true);
        await touch.getByTestId('review-document').first().scrollIntoViewIfNeeded();
        expect(await onScreen()).toBe(true);
        expect(await touch.locator('kbd:visible').count()).toBe(0);
        await touch.screenshot({ path: `${SCREENS}/desk-phone.png` });
      } finally {
        await phone.close();
      }
    },
    120_000,
  );

  walk(
    'a vehicle is deactivated on its page with a reason, shown on the record, its history and the list',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await sessionByApi(page, baseUrl, admin);
      const approved = await apiGet<Paged<Vehicle>>(
        baseUrl,
        token,
        'vehicle-list?approval=Approved&status=Active&per_page=50',
      );
      const vehicle = approved.data.find((v) => v.status === 'Active')!;
      const plate = vehicle.license_number;
      const reason = 'Failed its safety inspection on the brakes.';

      await page.goto(`/vehicle-detail/${vehicle.id}`);
      await flip(page, plate);
      const dialog = page.getByRole('dialog', { name: 'Deactivate' });
      // A reason is asked, as rejecting asks one.
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await dialog.getByText('Please enter a reason.').waitFor();
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await toast(page, 'Status updated successfully.').waitFor();
      await page.getByTestId('status-reason').getByText(`Inactive: ${reason}`).waitFor();
      // Not told as an expired document that a renewed date would undo.
      expect(await page.getByText('Entering the renewed date makes it Active again').count()).toBe(
        0,
      );
      const after = await apiGet<Vehicle>(
        baseUrl,
        token,
        `vehicle-detail?vehicle_id=${vehicle.id}`,
      );
      expect(after).toMatchObject({ status: 'Inactive', status_reason: reason });
      await page.screenshot({ path: `${SCREENS}/vehicle-deactivated-desktop.png` });
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByTestId('status-reason').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/vehicle-deactivated-phone-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(DESKTOP);

      // In its history: the change, and why.
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByRole('tabpanel', { name: 'History' });
      await history.getByText(`Reason: ${reason}`).waitFor();

      // The list says so beside the plate.
      await inApp(page, `/vehicle?search=${encodeURIComponent(plate)}`, 'Vehicle List');
      const rows = await loaded(page, 'Vehicle List');
      await rows.filter({ hasText: plate }).getByText('Inactive', { exact: true }).waitFor();

      // A passenger's page has the switch too, and Active again clears the reason.
      const passengers = await apiGet<Paged<Person & { status: string }>>(
        baseUrl,
        token,
        'user-list?user_type=User&status=Active',
      );
      const passenger = passengers.data[0]!;
      await inApp(page, `/user-detail/${passenger.id}`, 'User Detail');
      await flip(page, passenger.name);
      const ask = page.getByRole('dialog', { name: 'Deactivate' });
      await ask.getByLabel('Reason').fill('Abusive to drivers.');
      await ask.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByTestId('status-reason').getByText('Inactive: Abusive to drivers.').waitFor();
      await flip(page, passenger.name);
      await page
        .getByRole('dialog', { name: 'Activate' })
        .getByRole('button', { name: 'Activate' })
        .click();
      await page.getByTestId('status-reason').waitFor({ state: 'detached' });
    },
    120_000,
  );
});
