import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiPost, describeWalks, signInByApi } from '../support/browser';

const INTEGRATION = '/taxi-service/integration/v1/';

/** A key of the marketplace's backend, made by the Owner, and a client of the integration API with it. */
async function marketplace(baseUrl: string, token: string) {
  const { key } = await apiPost<{ key: string }>(baseUrl, token, 'integration-key-create', {
    name: `Live lists walk ${Date.now()}`,
    scopes: ['people:write', 'trips:write', 'positions:write'],
  });
  const send = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${INTEGRATION}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T };
    expect(response.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer.data;
  };
  const stamp = `${Date.now()}`;
  const person = (userType: 'User' | 'Driver', name: string) =>
    send<{ id: number }>('people', {
      external_id: `lists-${userType}-${name.replace(/\W+/g, '-')}-${stamp}`,
      user_type: userType,
      name,
      email: `${name.replace(/\W+/g, '.').toLowerCase()}.${stamp}@lists.test`,
      phone: `555${stamp.slice(-7)}`,
    });
  return { send, person, stamp };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** Opens `path` and waits until the tab's live stream is open (what tells it records changed). */
async function openLive(page: Page, path: string) {
  const streaming = page.waitForResponse(
    (r) => r.url().includes('/notification-stream') && r.status() === 200,
  );
  await page.goto(path);
  await streaming;
}

describe('lists that change as the marketplace does (issue 46)', () => {
  const walk = describeWalks();

  walk(
    'a trip sent through the integration API is announced as "1 new trip" on the open trip list, which moves only when asked',
    async ({ page, baseUrl, admin }) => {
      const token = await signInByApi(page, baseUrl, admin, '/user-policy');
      const { send, person, stamp } = await marketplace(baseUrl, token);
      const passenger = await person('User', 'Lena Live');
      expect(passenger.id).toBeGreaterThan(0);

      await openLive(page, '/trip');
      const table = page.getByRole('table', { name: 'Overall Trips' });
      const ids = () => table.getByRole('link', { name: /^#\d+$/ }).allInnerTexts();
      await table
        .getByRole('link', { name: /^#\d+$/ })
        .first()
        .waitFor();
      const before = await ids();

      const pickup = `${stamp} Live Lists Road`;
      const trip = await send<{ id: number }>('trips', {
        external_id: `lists-trip-${stamp}`,
        event: 'created',
        at: new Date().toISOString(),
        user_external_id: `lists-User-Lena-Live-${stamp}`,
        pickup_address: pickup,
        drop_address: '9 Hill St',
        amount: '12.40',
      });

      // Announced, not slipped in: the rows on screen stay where they were.
      const announced = page.getByRole('button', { name: '1 new trip' });
      await announced.waitFor();
      expect(await ids()).toEqual(before);
      expect(await table.getByText(pickup).count()).toBe(0);

      await announced.click();
      await expect.poll(() => ids().then((shown) => shown[0])).toBe(`#${trip.id}`);
      await table.getByText(pickup).waitFor();
      expect(await page.getByRole('button', { name: /new trips?$/ }).count()).toBe(0);
    },
  );

  walk(
    'the dashboard counts a driver registered elsewhere without a reload, and a stuck trip appears in its alerts panel',
    async ({ page, baseUrl, admin }) => {
      const token = await signInByApi(page, baseUrl, admin, '/user-policy');
      const { send, person, stamp } = await marketplace(baseUrl, token);
      await person('User', 'Sami Stuck');

      await openLive(page, '/');
      const drivers = page.getByTestId('stat-card').filter({ hasText: 'Overall Driver' });
      const figure = async () => Number((await drivers.innerText()).replace(/\D/g, ''));
      await drivers.waitFor();
      const before = await figure();
      const panel = page.getByRole('region', { name: 'What is going wrong now' });
      await panel.waitFor();

      // A driver registers: the card counts them, no reload.
      const driverName = `Dana Quiet ${stamp.slice(-5)}`;
      await person('Driver', driverName);
      await expect.poll(figure).toBe(before + 1);

      // They accept a trip and then send no position: the live check finds them gone quiet
      // (LIVE_SILENT_MINUTES, 3 by default) and the panel shows it.
      const driverId = `lists-Driver-${driverName.replace(/\W+/g, '-')}-${stamp}`;
      await send('positions', {
        fixes: [
          {
            driver_external_id: driverId,
            lat: 37.77,
            lng: -122.42,
            state: 'on_trip',
            at: minutesAgo(10),
          },
        ],
      });
      const trip = {
        external_id: `lists-stuck-${stamp}`,
        user_external_id: `lists-User-Sami-Stuck-${stamp}`,
        pickup_address: `${stamp} Quiet Lane`,
        drop_address: '2 Dock St',
        amount: '9.80',
      };
      const { id } = await send<{ id: number }>('trips', {
        ...trip,
        event: 'created',
        at: minutesAgo(12),
      });
      await send('trips', {
        ...trip,
        event: 'accepted',
        at: minutesAgo(11),
        driver_external_id: driverId,
      });

      try {
        // The live check runs every 2 seconds here (LIVE_CHECK_SECONDS); the panel asks
        // again every few.
        const alert = panel.getByTestId('live-alert').filter({ hasText: `Trip #${id}` });
        await alert.waitFor({ timeout: 30_000 });
        const text = await alert.innerText();
        expect(text).toContain('No position from the driver');
        expect(text).toContain(driverName);
        expect(text).toContain(`${stamp} Quiet Lane`);
        expect(
          await alert.getByRole('link', { name: 'Show on the map' }).getAttribute('href'),
        ).toBe(`/live?ride=${id}`);
        await alert.getByRole('link', { name: 'Open the trip' }).click();
        await page.waitForURL((url) => url.pathname === `/trip-detail/${id}`);
      } finally {
        // The walks after this one on the server see no trip left stuck.
        await send('trips', {
          ...trip,
          event: 'cancelled',
          at: minutesAgo(0),
          reason: 'Walk over',
        });
      }
    },
    120_000,
  );
});
