import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { OPERATOR_ATTRIBUTION, OPERATOR_COLOURS, serveOperatorBasemap } from '../support/basemap';
import { apiPost, describeWalks, signInByApi } from '../support/browser';
import { screensDir } from '../support/paths';
import { startServer } from '../support/server';

const INTEGRATION = '/taxi-service/integration/v1/';
const SCREENS = screensDir('map-style');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The live map's colour of an available driver (live-map.tsx). */
const AVAILABLE = '#2f9e44';

/** Corners of the demo city (Chicago's Loop), [lng, lat], where the walk's drivers stand. */
const CORNERS: [number, number][] = [
  [-87.6318, 41.8837],
  [-87.6278, 41.882],
  [-87.6339, 41.8787],
  [-87.6245, 41.8853],
];

let operator: Awaited<ReturnType<typeof serveOperatorBasemap>> | undefined;
let cabdesk: Awaited<ReturnType<typeof startServer>> | undefined;

/**
 * Cabdesk as an operator runs it with a basemap of its own (issue 46): MAP_STYLE_URL and
 * MAP_STYLE_DARK_URL name styles on the operator's origin, which draw a PMTiles archive
 * through the `pmtiles` protocol. A server of this file's own, over an empty marketplace.
 */
beforeAll(async () => {
  operator = await serveOperatorBasemap();
  cabdesk = await startServer('map-style', {
    MAP_STYLE_URL: `${operator.origin}/style.json`,
    MAP_STYLE_DARK_URL: `${operator.origin}/style-dark.json`,
    SEED_DEMO: 'false',
  });
});
afterAll(async () => {
  await cabdesk?.stop();
  await operator?.close();
});

/** How many pixels of a PNG are within a few steps of `hex` in each channel, decoded by the page. */
function pixelsOf(page: Page, png: Buffer, hex: string) {
  return page.evaluate(
    async ({ base64, hex }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (want.every((value, c) => Math.abs(data[i + c]! - value) <= 12)) count++;
      }
      return count;
    },
    { base64: png.toString('base64'), hex },
  );
}

/** The map, named in English or in Arabic. */
const mapOf = (page: Page) =>
  page.getByRole('region', { name: /^(Map of the drivers|خريطة السائقين)$/ });

/** Waits until the map shows the operator's streets and an available driver above them. */
async function drawn(page: Page) {
  await expect
    .poll(
      async () => {
        const shot = await mapOf(page).screenshot();
        return {
          streets: (await pixelsOf(page, shot, OPERATOR_COLOURS.light.street)) > 500,
          driver: (await pixelsOf(page, shot, AVAILABLE)) > 20,
        };
      },
      { timeout: 20_000 },
    )
    .toEqual({ streets: true, driver: true });
}

describe("the live map on an operator's basemap", () => {
  const walk = describeWalks(() => cabdesk!.server);

  walk(
    "MAP_STYLE_URL's style draws its PMTiles archive read by Range requests, with its attribution, light, dark and on a phone",
    async ({ page, baseUrl, admin }) => {
      mkdirSync(SCREENS, { recursive: true });
      const origins = new Set<string>();
      page.on('request', (request) => origins.add(new URL(request.url()).origin));
      await page.setViewportSize(DESKTOP);

      const token = await signInByApi(page, baseUrl, admin, '/user-policy');
      const run = Date.now().toString(36);
      const { key } = await apiPost<{ key: string }>(baseUrl, token, 'integration-key-create', {
        name: `Map style walk ${run}`,
        scopes: ['people:write', 'positions:write'],
      });
      const send = async (path: string, body: unknown) => {
        const response = await fetch(`${baseUrl}${INTEGRATION}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify(body),
        });
        expect(response.status, `${path}: ${await response.text()}`).toBe(200);
      };
      for (const [i] of CORNERS.entries()) {
        await send('people', {
          external_id: `style-d-${run}-${i}`,
          user_type: 'Driver',
          name: `Style Driver ${run} ${i}`,
          email: `style-d-${run}-${i}@example.com`,
          phone: `+1 312 555 ${String(4000 + i)}`,
        });
      }
      await send('positions', {
        fixes: CORNERS.map(([lng, lat], i) => ({
          driver_external_id: `style-d-${run}-${i}`,
          lat,
          lng,
          state: i === 3 ? 'on_trip' : 'available',
          at: new Date().toISOString(),
        })),
      });

      // The operator's streets, with the drivers drawn above them, and its attribution.
      await page.goto('/live');
      await expect
        .poll(() => page.getByTestId('live-legend').textContent(), { timeout: 20_000 })
        .toContain('Available: 3');
      await drawn(page);
      const attribution = page.locator('.maplibregl-ctrl-attrib');
      await expect.poll(() => attribution.textContent()).toContain(OPERATOR_ATTRIBUTION);
      await page.screenshot({ path: `${SCREENS}/live-desktop-light.png` });

      // The archive was read by byte ranges (206), from Cabdesk's pages (CORS), never whole.
      const archive = operator!.requests.filter(
        (r) => r.path === '/city.pmtiles' && r.method === 'GET',
      );
      expect(archive.length).toBeGreaterThanOrEqual(2);
      for (const request of archive) {
        expect(request.range).toMatch(/^bytes=\d+-\d+$/);
        expect(request.status).toBe(206);
        expect(request.origin).toBe(new URL(baseUrl).origin);
      }
      expect(operator!.requests.some((r) => r.path === '/style.json')).toBe(true);

      // Dark: MAP_STYLE_DARK_URL's style, on the same archive.
      await page.evaluate(() => window.localStorage.setItem('colorScheme', 'dark'));
      await page.reload();
      await drawn(page);
      const land = await pixelsOf(page, await mapOf(page).screenshot(), OPERATOR_COLOURS.dark.land);
      expect(land).toBeGreaterThan(1000);
      expect(operator!.requests.some((r) => r.path === '/style-dark.json')).toBe(true);
      await page.screenshot({ path: `${SCREENS}/live-desktop-dark.png` });

      // A phone, light again.
      await page.evaluate(() => window.localStorage.setItem('colorScheme', 'light'));
      await page.setViewportSize(PHONE);
      await page.reload();
      await drawn(page);
      await page.screenshot({ path: `${SCREENS}/live-phone-light.png` });

      // Dark and right to left: the attribution moves to the map's left corner.
      await page.evaluate(() => {
        window.localStorage.setItem('colorScheme', 'dark');
        window.localStorage.setItem('setLanguage', 'ar');
      });
      await page.reload();
      await drawn(page);
      const map = (await mapOf(page).boundingBox())!;
      const corner = (await attribution.boundingBox())!;
      expect(corner.x - map.x).toBeLessThan(map.width / 2);
      await page.screenshot({ path: `${SCREENS}/live-phone-dark-ar.png` });

      // Nothing was asked of any origin but Cabdesk's and the operator's.
      expect([...origins].sort()).toEqual([new URL(baseUrl).origin, operator!.origin].sort());
    },
    180_000,
  );
});
