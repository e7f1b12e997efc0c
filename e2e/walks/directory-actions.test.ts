import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  apiGet,
  callApi,
  describeWalks,
  inApp,
  type Paged,
  sessionByApi,
  toastAfter,
} from '../support/browser';

interface Person {
  id: number;
  name: string;
  email: string;
  status: string;
  approval: string;
}
interface Vehicle {
  id: number;
  license_number: string;
}
interface Ride {
  id: number;
  driver: { vehicle: { id: number; license_number: string } | null } | null;
  company: { id: number } | null;
}

/** The table's rows once it has loaded. */
async function loaded(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await rows.first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

describe('directory actions', () => {
  const walk = describeWalks();

  walk(
    'approving a pending driver goes through the review desk, then shows the badge',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      const pending = await apiGet<Paged<Person>>(baseUrl, token, 'driver-list?approval=Pending');
      const driver = pending.data[0]!;
      expect(driver).toBeTruthy();

      await page.goto(`/driver?search=${encodeURIComponent(driver.email)}`);
      const rows = await loaded(page, 'Driver List');
      expect(await rows.count()).toBe(1);
      await rows.getByRole('link', { name: `Approve ${driver.name}` }).click();

      // The desk asks the licence's expiry date before approving.
      await page.getByRole('heading', { name: driver.name, level: 2 }).waitFor();
      await page.getByLabel('Driver licence valid until').fill('2027-12-31');
      await toastAfter(page, `Approved ${driver.name}.`, () =>
        page.getByRole('button', { name: /^Approve/ }).click(),
      );
      await inApp(page, `/driver?search=${encodeURIComponent(driver.email)}`, 'Driver List');
      await loaded(page, 'Driver List');
      await rows.getByTestId('approval-badge').filter({ hasText: 'Approved' }).waitFor();
      expect(await rows.getByRole('link', { name: `Approve ${driver.name}` }).count()).toBe(0);

      const after = await apiGet<Person>(baseUrl, token, `user-detail?user_id=${driver.id}`);
      expect(after.approval).toBe('Approved');

      // The detail page shows the decision too, with no approve / reject left.
      await inApp(page, `/driver-detail/${driver.id}`, 'Driver Detail');
      await page.getByRole('heading', { name: 'Driver Information' }).waitFor();
      await page.getByTestId('approval-badge').filter({ hasText: 'Approved' }).waitFor();
      expect(await page.getByRole('link', { name: 'Approve on the review desk' }).count()).toBe(0);
    },
  );

  walk(
    'rejecting a pending vehicle on its page asks for a reason and sends Rejected with it',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      const pending = await apiGet<Paged<Vehicle>>(baseUrl, token, 'vehicle-list?approval=Pending');
      const vehicle = pending.data[0]!;
      await page.goto(`/vehicle-detail/${vehicle.id}`);
      await page.getByRole('heading', { name: 'Vehicle Information' }).waitFor();
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject' });
      // A reason is required here (optional on the wire, for SPEC 7's clients).
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await dialog.getByText('Please enter a reason.').waitFor();
      await dialog.getByText('The plate does not match the registration.').click();
      expect(await dialog.getByLabel('Reason', { exact: true }).inputValue()).toBe(
        'The plate does not match the registration.',
      );
      await toastAfter(page, 'Approval updated successfully.', () =>
        dialog.getByRole('button', { name: 'Reject', exact: true }).click(),
      );
      await page.getByTestId('approval-badge').filter({ hasText: 'Rejected' }).waitFor();
      await page.getByText('Reason: The plate does not match the registration.').waitFor();
      const after = await apiGet<{ approval: string; approval_reason: string }>(
        baseUrl,
        token,
        `vehicle-detail?vehicle_id=${vehicle.id}`,
      );
      expect(after.approval).toBe('Rejected');
      expect(after.approval_reason).toBe('The plate does not match the registration.');
    },
  );

  walk(
    'a user is deactivated and reactivated, each asked first',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      const active = await apiGet<Paged<Person>>(
        baseUrl,
        token,
        'user-list?user_type=User&status=Active',
      );
      const user = active.data[0]!;
      await page.goto(`/user?search=${encodeURIComponent(user.email)}`);
      const rows = await loaded(page, 'User List');
      expect(await rows.count()).toBe(1);
      const toggle = rows.getByRole('switch', { name: `Active status of ${user.name}` });
      const flip = async () => {
        await expect.poll(() => page.locator('.mantine-Modal-overlay').count()).toBe(0);
        await toggle.locator('xpath=ancestor::label[1]').click();
      };
      expect(await toggle.isChecked()).toBe(true);

      // Cancel changes nothing.
      await flip();
      const deactivate = page.getByRole('dialog', { name: 'Deactivate' });
      await deactivate.getByText(`Are you sure you want to deactivate ${user.name}?`).waitFor();
      await deactivate.getByRole('button', { name: 'Cancel' }).click();
      await deactivate.waitFor({ state: 'hidden' });
      expect(await toggle.isChecked()).toBe(true);

      // Deactivating asks why, as rejecting does.
      await flip();
      await deactivate.getByRole('button', { name: 'Deactivate' }).click();
      await deactivate.getByText('Please enter a reason.').waitFor();
      await deactivate.getByRole('textbox', { name: 'Reason' }).fill('Abusive to drivers.');
      await toastAfter(page, 'Status updated successfully.', () =>
        deactivate.getByRole('button', { name: 'Deactivate' }).click(),
      );
      await expect.poll(() => toggle.isChecked()).toBe(false);
      expect(
        await apiGet<Person & { status_reason: string }>(
          baseUrl,
          token,
          `user-detail?user_id=${user.id}`,
        ),
      ).toMatchObject({ status: 'Inactive', status_reason: 'Abusive to drivers.' });

      await flip();
      const activate = page.getByRole('dialog', { name: 'Activate' });
      await activate.getByRole('button', { name: 'Activate' }).click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      expect((await apiGet<Person>(baseUrl, token, `user-detail?user_id=${user.id}`)).status).toBe(
        'Active',
      );
    },
  );

  walk('a document opens full size on click', async ({ page, baseUrl, admin }) => {
    const token = await sessionByApi(page, baseUrl, admin);
    const vehicles = await apiGet<Paged<Vehicle>>(baseUrl, token, 'vehicle-list');
    await page.goto(`/vehicle-detail/${vehicles.data[0]!.id}`);
    await page.getByRole('button', { name: 'Zoom Registration Front' }).click();
    const zoom = page.getByRole('dialog', { name: 'Registration Front' });
    const image = zoom.getByRole('img', { name: 'Registration Front' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const box = await image.boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'hidden' });
  });

  walk(
    'a document whose link has expired loads again with a fresh one',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      // The browser logs the refused image; that refusal is what this walk is about.
      allowConsoleError(/the server responded with a status of 403/);
      const token = await sessionByApi(page, baseUrl, admin);
      const vehicles = await apiGet<Paged<Vehicle>>(baseUrl, token, 'vehicle-list');
      // The first answer carries a link whose time is up, as on a page left open for hours.
      const stale = 'exp=1700000100';
      let detailCalls = 0;
      await page.route(/\/taxi-service\/admin\/vehicle-detail\?/, async (route) => {
        detailCalls += 1;
        const response = await route.fetch();
        if (detailCalls > 1) return route.fulfill({ response });
        const body = (await response.json()) as { data: { insurance: string } };
        body.data.insurance = body.data.insurance.replace(/exp=\d+/, stale);
        return route.fulfill({ response, json: body });
      });
      await page.goto(`/vehicle-detail/${vehicles.data[0]!.id}`);
      const image = page.getByRole('button', { name: 'Zoom Insurance' }).getByRole('img');
      await expect
        .poll(() =>
          image.evaluate(
            (img: HTMLImageElement, old) =>
              img.complete && img.naturalWidth > 0 && !img.src.includes(old),
            stale,
          ),
        )
        .toBe(true);
      expect(detailCalls).toBe(2);
    },
  );

  walk(
    'a deleted vehicle leaves the list while its trips remain',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      // A vehicle with trips, not the newest (other walks look at that one).
      const newest = (await apiGet<Paged<Vehicle>>(baseUrl, token, 'vehicle-list')).data[0]!;
      const rides = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100');
      const ride = rides.data.find(
        (r) => r.driver?.vehicle && r.company && r.driver.vehicle.id !== newest.id,
      )!;
      const vehicle = ride.driver!.vehicle!;
      const companyId = ride.company!.id;

      await page.goto(`/vehicle?search=${encodeURIComponent(vehicle.license_number)}`);
      const rows = await loaded(page, 'Vehicle List');
      expect(await rows.count()).toBe(1);
      await rows.getByRole('button', { name: `Delete ${vehicle.license_number}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete' });
      await dialog
        .getByText(`Are you sure you want to delete ${vehicle.license_number}?`)
        .waitFor();
      await toastAfter(page, 'Deleted successfully.', () =>
        dialog.getByRole('button', { name: 'Confirm Delete' }).click(),
      );
      await page.getByTestId('table-empty').filter({ hasText: 'No Records Found' }).waitFor();

      // Gone from the server's lists and detail...
      const { status } = await callApi(baseUrl, `vehicle-detail?vehicle_id=${vehicle.id}`, token);
      expect(status).toBe(404);
      const left = await apiGet<Paged<Vehicle>>(
        baseUrl,
        token,
        `vehicle-list?search=${encodeURIComponent(vehicle.license_number)}`,
      );
      expect(left.data.map((v) => v.id)).not.toContain(vehicle.id);

      // ...while its trips stay in the company's history.
      const trips = await apiGet<Paged<Ride>>(
        baseUrl,
        token,
        `ride-list?user_id=${companyId}&per_page=100`,
      );
      expect(trips.data.some((r) => r.id === ride.id)).toBe(true);
    },
  );
});
