import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiPost, describeWalks, signInByApi } from '../support/browser';

const INTEGRATION = '/taxi-service/integration/v1/';

/** Blocks of the demo city (Chicago's Loop), [lng, lat], where the walk's drivers stand. */
const CORNERS: [number, number][] = [
  [-87.6318, 41.8837], // Clark & Randolph
  [-87.6278, 41.882], // State & Madison
  [-87.6339, 41.8787], // LaSalle & Adams
  [-87.6245, 41.8853], // Michigan & Lake
  [-87.6298, 41.8866], // Dearborn & Wacker
  [-87.6359, 41.8818], // Wells & Washington
];

/** A client of the integration API with a key of `scopes`. */
function marketplace(baseUrl: string, key: string) {
  return async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${INTEGRATION}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T };
    expect(response.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer.data;
  };
}

/** The map's picture, once its drivers have settled. */
const mapShot = (page: Page) =>
  page.getByRole('region', { name: 'Map of the drivers' }).screenshot();

describe('the live map', () => {
  const walk = describeWalks();

  walk(
    'drivers sent through the integration API move on the map, a click opens a card, a trip replays, and nothing is fetched from elsewhere',
    async ({ page, baseUrl, admin }) => {
      // Every request of the page, to check none leaves Cabdesk.
      const origins = new Set<string>();
      page.on('request', (request) => origins.add(new URL(request.url()).origin));

      const token = await signInByApi(page, baseUrl, admin, '/user-policy');
      const run = Date.now().toString(36);
      const { key } = await apiPost<{ key: string }>(baseUrl, token, 'integration-key-create', {
        name: `Live map walk ${run}`,
        scopes: ['people:write', 'positions:write', 'trips:write'],
      });
      const send = marketplace(baseUrl, key);

      // A company of the walk's own (the map is filtered to it: another walk's simulator may
      // drive the same server), its drivers and a passenger.
      const company = await send<{ id: number }>('people', {
        external_id: `live-co-${run}`,
        user_type: 'Company',
        name: 'Loop Live Cabs',
        company_name: 'Loop Live Cabs',
        email: `live-co-${run}@example.com`,
        phone: '+1 312 555 0100',
      });
      const names = CORNERS.map((_, i) => `Live Driver ${run} ${i}`);
      for (const [i, name] of names.entries()) {
        await send('people', {
          external_id: `live-d-${run}-${i}`,
          user_type: 'Driver',
          name,
          email: `live-d-${run}-${i}@example.com`,
          phone: `+1 312 555 ${String(2000 + i)}`,
          company_external_id: `live-co-${run}`,
        });
      }
      await send('people', {
        external_id: `live-u-${run}`,
        user_type: 'User',
        name: `Live Passenger ${run}`,
        email: `live-u-${run}@example.com`,
        phone: '+1 312 555 3000',
      });
      const STATES = ['available', 'on_trip', 'offline'] as const;
      /** Every driver's fix, `step` blocks along from their corner. */
      const fixes = (step: number) => ({
        fixes: CORNERS.map(([lng, lat], i) => ({
          driver_external_id: `live-d-${run}-${i}`,
          lat: lat + step * 0.0012 * (i % 2 === 0 ? 1 : -1),
          lng: lng + step * 0.0015,
          state: STATES[i % 3],
          at: new Date().toISOString(),
        })),
      });
      await send('positions', fixes(0));

      // The map, filtered to the walk's company: its drivers counted by state.
      await page.goto(`/live?company_id=${company.id}`);
      const legend = page.getByTestId('live-legend');
      await expect.poll(() => legend.textContent(), { timeout: 20_000 }).toContain('Available: 2');
      await expect.poll(() => legend.textContent()).toContain('On a trip: 2');
      await expect.poll(() => legend.textContent()).toContain('Offline: 2');
      await page.waitForTimeout(500);
      const before = await mapShot(page);

      // New fixes: within two seconds or so the drivers stand elsewhere on the map.
      await send('positions', fixes(1));
      await expect
        .poll(async () => Buffer.compare(before, await mapShot(page)) !== 0, { timeout: 5_000 })
        .toBe(true);

      // The search flies to a driver and opens their card; closed, a click on them opens it again.
      const search = page.getByRole('combobox', { name: 'Find a driver' });
      await search.fill(`${run} 3`);
      await page.getByRole('option', { name: names[3] }).click();
      const card = page.getByTestId('live-card');
      await expect.poll(() => card.getByRole('heading').textContent()).toBe(names[3]);
      await expect.poll(() => card.textContent()).toContain('Loop Live Cabs');
      await card.getByRole('button', { name: 'Close the driver card' }).click();
      await card.waitFor({ state: 'hidden' });
      const map = page.getByRole('region', { name: 'Map of the drivers' });
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => card.getByRole('heading').textContent()).toBe(names[3]);
      await expect(
        card.getByRole('link', { name: 'Loop Live Cabs' }).getAttribute('href'),
      ).resolves.toBe(`/company-detail/${company.id}`);

      // A trip of driver 0, with its points and its fixes on the way, then completed.
      const minute = 60_000;
      const start = Date.now() - 10 * minute;
      const [fromLng, fromLat] = CORNERS[0]!;
      const [toLng, toLat] = CORNERS[3]!;
      const trip = {
        external_id: `live-t-${run}`,
        user_external_id: `live-u-${run}`,
        pickup_address: '100 N Clark St',
        drop_address: '150 N Michigan Ave',
        pickup_lat: fromLat,
        pickup_lng: fromLng,
        drop_lat: toLat,
        drop_lng: toLng,
      };
      const at = (minutes: number) => new Date(start + minutes * minute).toISOString();
      // Waiting for a driver, it appears on the map (its drop-off near driver 3) without a reload.
      await card.getByRole('button', { name: 'Close the driver card' }).click();
      await card.waitFor({ state: 'hidden' });
      await page.waitForTimeout(500);
      const withoutTrip = await mapShot(page);
      const made = await send<{ id: number }>('trips', { ...trip, event: 'created', at: at(0) });
      await expect
        .poll(async () => Buffer.compare(withoutTrip, await mapShot(page)) !== 0, {
          timeout: 5_000,
        })
        .toBe(true);
      const driver = { driver_external_id: `live-d-${run}-0` };
      await send('trips', { ...trip, ...driver, event: 'accepted', at: at(1) });
      await send('trips', { ...trip, ...driver, event: 'started', at: at(2) });
      const legs = 12;
      await send('positions', {
        fixes: Array.from({ length: legs + 1 }, (_, i) => ({
          ...driver,
          lat: fromLat + ((toLat - fromLat) * i) / legs,
          lng: i <= legs / 2 ? fromLng + ((toLng - fromLng) * 2 * i) / legs : toLng,
          state: 'on_trip',
          at: new Date(start + 2 * minute + i * 20_000).toISOString(),
        })),
      });
      await send('trips', { ...trip, ...driver, event: 'ended', at: at(7), amount: 18.5 });
      await send('trips', { ...trip, ...driver, event: 'completed', at: at(8), amount: 18.5 });

      // Its detail: the route on a map and a replay that plays along its state changes.
      await page.goto(`/trip-detail/${made.id}`);
      const replay = page.getByTestId('replay-slider');
      await replay.waitFor();
      await expect.poll(() => page.getByTestId('replay-now').textContent()).toContain('Pending');
      const play = page.getByRole('button', { name: 'Play' });
      await play.click();
      await expect
        .poll(async () => Number(await replay.getAttribute('data-offset')), { timeout: 10_000 })
        .toBeGreaterThan(0);
      // The rest of the way from near its end (a whole replay lasts 20 s): the keys move the
      // timeline, which pauses it; played on, it passes from End to Completed.
      const position = page.getByRole('slider', { name: 'Replay position' });
      await position.press('End');
      for (let i = 0; i < 20; i++) await position.press('ArrowLeft');
      await expect.poll(() => page.getByTestId('replay-now').textContent()).toContain('· End');
      await play.click();
      await expect
        .poll(() => page.getByTestId('replay-now').textContent(), { timeout: 10_000 })
        .toContain('Completed');

      // Nothing was asked of any origin but Cabdesk's.
      expect([...origins]).toEqual([new URL(baseUrl).origin]);
    },
    180_000,
  );
});
