import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  API,
  apiGet,
  describeWalks,
  type Paged,
  signInByApi,
  toast,
  toastAfter,
  sessionByApi,
} from '../support/browser';

interface Person {
  id: number;
  name: string;
  phone: string | null;
  email: string;
}
interface Ride {
  id: number;
  amount: number;
  pickup_address: string;
  drop_address: string;
  created_at: string;
  ride_status: string;
  user: Person;
  driver:
    | (Person & {
        vehicle: {
          license_number: string;
          service_type_data: { title: string };
          vehicle_type_data: { title: string };
        } | null;
      })
    | null;
  company: { id: number; name: string; company_name: string | null; phone: string | null } | null;
  service_type: { title: string } | null;
  cancel_reason?: string | null;
}

/** The newest trips (the demo's live ones are among them). */
const newest = (baseUrl: string, token: string) =>
  apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100');

/** Pending trips no other walk has touched, newest first. */
async function pendingTrips(baseUrl: string, token: string) {
  const trips = (await newest(baseUrl, token)).data.filter((r) => r.ride_status === 'Pending');
  expect(trips.length, 'pending trips in the demo data').toBeGreaterThan(2);
  return trips;
}

/** Waits until the table has rows (not the loader) and no request is under way. */
async function rowsOf(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await expect.poll(() => rows.first().locator('td').count()).toBeGreaterThan(1);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

/** SPEC 9's date (Mar-05-2024), then the time of day in the browser's zone (issue 18). */
const tripDate = (iso: string) => {
  const d = new Date(iso);
  const month = d.toLocaleString('en-US', { month: 'short' });
  const time = d.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
  return `${month}-${String(d.getDate()).padStart(2, '0')}-${d.getFullYear()} ${time}`;
};

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The value under a label of the detail page's information lists. */
const field = (page: Page, scope: string, label: string) =>
  page
    .getByRole('heading', { name: scope })
    .locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]')
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::*[1]');

describe('trips', () => {
  const walk = describeWalks();

  walk('the trip list shows every column and opens a trip', async ({ page, baseUrl, admin }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const token = await signInByApi(page, baseUrl, admin, '/trip');
    const first = (await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list')).data;

    const rows = await rowsOf(page, 'Overall Trips');
    expect(await rows.count()).toBe(10);
    const header = await page
      .getByRole('table', { name: 'Overall Trips' })
      .locator('thead th')
      .allInnerTexts();
    expect(header.map((h) => h.trim())).toEqual([
      'Trip ID',
      'User Detail',
      'Driver & Company',
      'License Plate',
      'Pick Up',
      'Drop Off',
      'Price',
      'Service Type',
      'Trip Date',
      'Status',
      'Action',
    ]);
    const labels: Record<string, string> = {
      Pending: 'Pending',
      Accept: 'Accepted',
      Start: 'Start',
      End: 'End',
      Complete: 'Completed',
      Cancel: 'Cancelled',
    };
    for (const [i, ride] of first.entries()) {
      const cells = (await rows.nth(i).getByRole('cell').allInnerTexts()).map((c) => c.trim());
      expect(cells[0]).toBe(`#${ride.id}`);
      expect(cells[1]).toContain(ride.user.name);
      expect(cells[1]).toContain(ride.user.email);
      if (ride.driver) expect(cells[2]).toContain(ride.driver.name);
      else if (!ride.company) expect(cells[2]).toBe('N/A');
      expect(cells[3]).toBe(ride.driver?.vehicle?.license_number ?? 'N/A');
      expect(cells[6]).toBe(dollars(ride.amount));
      // The vehicle's service type; without one, the one asked for (issue 45).
      expect(cells[7]?.replace(/\s+/g, ' ')).toBe(
        ride.driver?.vehicle?.service_type_data.title ??
          (ride.service_type ? `${ride.service_type.title} (requested)` : 'N/A'),
      );
      expect(cells[8]).toBe(tripDate(ride.created_at));
      // The badge's text (CSS shows it in capitals).
      expect(await rows.nth(i).getByTestId('ride-status').textContent()).toBe(
        labels[ride.ride_status],
      );
      // Cancel is offered on the rows of Pending and Accepted trips only.
      const reject = rows.nth(i).getByRole('button', { name: `Cancel trip ${ride.id}` });
      expect(await reject.count()).toBe(['Pending', 'Accept'].includes(ride.ride_status) ? 1 : 0);
    }

    // A search waits 2000 ms, then asks for page 1 of the matches (URL state).
    const driven = (await newest(baseUrl, token)).data.find(
      (r) => r.driver?.vehicle && r.company && r.ride_status === 'Complete',
    )!;
    await page.getByRole('searchbox', { name: 'Search' }).fill(driven.pickup_address);
    await page.waitForURL((url) => url.searchParams.get('search') === driven.pickup_address, {
      timeout: 5000,
    });
    await expect
      .poll(async () => (await rowsOf(page, 'Overall Trips')).first().innerText())
      .toContain(driven.pickup_address);

    // Open it from the list.
    await page.getByRole('link', { name: `View trip ${driven.id}` }).click();
    await page.waitForURL(`**/trip-detail/${driven.id}`);
    await page.getByRole('heading', { name: 'Trip Information' }).waitFor();
    const info = 'Trip Information';
    expect(await field(page, info, 'Pick Up Point').innerText()).toBe(driven.pickup_address);
    expect(await field(page, info, 'Drop Off Point').innerText()).toBe(driven.drop_address);
    expect(await field(page, info, 'Trip Date').innerText()).toBe(tripDate(driven.created_at));
    expect(await field(page, info, 'Price').innerText()).toBe(dollars(driven.amount));
    expect(await field(page, info, 'Service Type').innerText()).toBe(
      driven.driver!.vehicle!.service_type_data.title,
    );
    expect(await field(page, info, 'Vehicle Type').innerText()).toBe(
      driven.driver!.vehicle!.vehicle_type_data.title,
    );
    expect(await field(page, info, 'Status').textContent()).toBe('Completed');
    expect(await field(page, 'User Detail', 'Name').innerText()).toBe(driven.user.name);
    expect(await field(page, 'User Detail', 'Email').innerText()).toBe(driven.user.email);
    expect(await field(page, 'Driver Detail', 'Name').innerText()).toBe(driven.driver!.name);
    expect(await field(page, 'Company Detail', 'Company Name').innerText()).toBe(
      driven.company!.company_name ?? driven.company!.name,
    );
    // A completed trip cannot be cancelled.
    expect(await page.getByRole('button', { name: 'Cancel trip' }).count()).toBe(0);
  });

  walk(
    'a broad trip search counts ten pages ahead and says more follow',
    async ({ page, baseUrl, admin }) => {
      // "a" is in nearly every trip's addresses or people: far more than eleven pages.
      await page.setViewportSize({ width: 1366, height: 860 });
      const token = await signInByApi(page, baseUrl, admin, '/trip?search=a');
      const first = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?search=a');
      expect(first).toMatchObject({ last_page: 11, total_exact: false });

      await page.getByText('Showing 1 - 11+', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Page 11', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '11');
      // Asking for page 11 counts ten pages past it.
      await page.getByText('Showing 11 - 21+', { exact: true }).waitFor();
      expect(await (await rowsOf(page, 'Overall Trips')).count()).toBe(first.per_page);
      // The pagination sits under the table: scroll to the bottom, past the fixed footer.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    },
  );

  walk(
    'cancelling a pending trip asks why, then shows it Cancelled (and the API agrees)',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      const token = await sessionByApi(page, baseUrl, admin);
      const trip = (await pendingTrips(baseUrl, token))[0]!;

      // Found from the list by its passenger's e-mail, then opened.
      await page.goto(`/trip?search=${encodeURIComponent(trip.user.email)}`);
      await rowsOf(page, 'Overall Trips');
      await page.getByRole('link', { name: `View trip ${trip.id}` }).click();
      await page.waitForURL(`**/trip-detail/${trip.id}`);
      await page.getByRole('heading', { name: 'Trip Information' }).waitFor();

      // No driver yet: N/A for the driver, the company and the vehicle's type; the
      // service type asked for (issue 45).
      const service = await field(page, 'Trip Information', 'Service Type').innerText();
      expect(service.replace(/\s+/g, ' ')).toBe(
        trip.service_type ? `${trip.service_type.title} (requested)` : 'N/A',
      );
      expect(await field(page, 'Trip Information', 'Vehicle Type').innerText()).toBe('N/A');
      expect(await field(page, 'Driver Detail', 'Name').innerText()).toBe('N/A');
      expect(await field(page, 'Driver Detail', 'Phone').innerText()).toBe('N/A');
      expect(await field(page, 'Company Detail', 'Company Name').innerText()).toBe('N/A');
      // Pending, and for how long (issue 18).
      const status = field(page, 'Trip Information', 'Status');
      expect(await status.getByTestId('ride-status').textContent()).toBe('Pending');
      expect(await status.getByTestId('ride-waiting').innerText()).toMatch(/^Waiting \d+\s/);

      // The popup asks, and wants a reason: one of the usual ones, or another typed.
      await page.getByRole('button', { name: 'Cancel trip' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel trip #${trip.id}` });
      await dialog
        .getByText('The trip will be cancelled for the rider and the driver. Why is it cancelled?')
        .waitFor();
      await dialog.getByRole('button', { name: 'Cancel trip' }).click();
      await dialog.getByText('Please enter a reason.').waitFor();
      await dialog.getByRole('radio', { name: 'Other' }).check();
      await dialog.getByLabel('Other reason').fill('  Rider asked support to cancel  ');
      expect(await dialog.getByText('Please enter a reason.').count()).toBe(0);

      await toastAfter(page, 'Trip cancelled successfully.', () =>
        dialog.getByRole('button', { name: 'Cancel trip' }).click(),
      );
      await dialog.waitFor({ state: 'hidden' });
      // Cancelled, and no longer waiting.
      await expect.poll(() => status.textContent()).toBe('Cancelled');
      expect(await field(page, 'Trip Information', 'Cancellation Reason').innerText()).toBe(
        'Rider asked support to cancel',
      );
      expect(await page.getByRole('button', { name: 'Cancel trip' }).count()).toBe(0);

      const after = await apiGet<Ride>(baseUrl, token, `ride-detail?ride_id=${trip.id}`);
      expect(after.ride_status).toBe('Cancel');
      expect(after.cancel_reason).toBe('Rider asked support to cancel');

      // The list shows it Cancelled too, with no cancel left on its row.
      await page.goto(`/trip?search=${encodeURIComponent(trip.user.email)}`);
      const rows = await rowsOf(page, 'Overall Trips');
      const row = rows.filter({ has: page.getByRole('link', { name: `View trip ${trip.id}` }) });
      await row.getByTestId('ride-status').filter({ hasText: 'Cancelled' }).waitFor();
      expect(await row.getByRole('button', { name: `Cancel trip ${trip.id}` }).count()).toBe(0);
    },
  );

  walk(
    'a trip cancelled meanwhile answers with the server message and shows Cancelled',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      // The browser logs the 409 answer: expected here.
      allowConsoleError(/status of 409/);
      const token = await sessionByApi(page, baseUrl, admin);
      const trip = (await pendingTrips(baseUrl, token))[0]!;
      await page.goto(`/trip-detail/${trip.id}`);
      await page.getByRole('heading', { name: 'Trip Information' }).waitFor();

      // Another administrator cancels it first.
      const response = await fetch(`${baseUrl}${API}ride-cancel`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ ride_id: trip.id, reason: 'Handled by a colleague' }),
      });
      expect(response.status).toBe(200);

      await page.getByRole('button', { name: 'Cancel trip' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel trip #${trip.id}` });
      await dialog.getByRole('radio', { name: 'Duplicate booking' }).check();
      await dialog.getByRole('button', { name: 'Cancel trip' }).click();
      await toast(
        page,
        'Only a Pending or Accepted trip can be cancelled. This one is Cancelled.',
      ).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => field(page, 'Trip Information', 'Status').textContent())
        .toBe('Cancelled');
      expect(await field(page, 'Trip Information', 'Cancellation Reason').innerText()).toBe(
        'Handled by a colleague',
      );
      const after = await apiGet<Ride>(baseUrl, token, `ride-detail?ride_id=${trip.id}`);
      expect(after.cancel_reason).toBe('Handled by a colleague');
    },
  );
});
