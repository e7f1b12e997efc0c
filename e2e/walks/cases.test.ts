import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiPost, describeWalks, signInByApi } from '../support/browser';
import { colleague } from '../support/colleague';
import { screensDir } from '../support/paths';

const SCREENS = screensDir('cases');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const INTEGRATION = '/taxi-service/integration/v1/';

/** A write of the integration API with the marketplace's key. */
async function send(baseUrl: string, key: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${INTEGRATION}${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { message: string; data: { id: number } };
  expect(response.status, `${path}: ${json.message}`).toBe(200);
  return json.data;
}

/** A labelled field of a form (a Mantine Select's input, a text area). */
const field = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator('input, textarea'));

/** Both colour schemes of a screen, at the size the page has now. */
async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(
      (s) => document.documentElement.setAttribute('data-mantine-color-scheme', s),
      scheme,
    );
    await page.screenshot({ path: `${SCREENS}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() =>
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light'),
  );
}

describe('the safety and support desk', () => {
  const walk = describeWalks();

  walk(
    'an SOS reaches a second administrator’s open panel without a reload, one acknowledges it and the banner leaves both, the case is resolved with an outcome and its log shows each step',
    async ({ page, context, baseUrl, admin }) => {
      mkdirSync(SCREENS, { recursive: true });
      await page.setViewportSize(DESKTOP);
      const token = await signInByApi(page, baseUrl, admin, '/cases');
      await page.getByRole('heading', { name: 'Case desk' }).waitFor();

      // The marketplace: a key, a passenger, a driver and their trip.
      const { key } = await apiPost<{ key: string }>(baseUrl, token, 'integration-key-create', {
        name: 'Marketplace app',
        scopes: ['people:write', 'trips:write', 'cases:write'],
      });
      const run = Date.now().toString(36);
      await send(baseUrl, key, 'people', {
        external_id: `u-${run}`,
        user_type: 'User',
        name: 'Rosa Diaz',
        email: `rosa-${run}@example.test`,
        phone: '+1 555 0100',
      });
      await send(baseUrl, key, 'people', {
        external_id: `d-${run}`,
        user_type: 'Driver',
        name: 'Ana Ruiz',
        email: `ana-${run}@example.test`,
        phone: '+1 555 0101',
      });
      const trip = await send(baseUrl, key, 'trips', {
        external_id: `t-${run}`,
        event: 'started',
        at: new Date(Date.now() - 60_000).toISOString(),
        user_external_id: `u-${run}`,
        driver_external_id: `d-${run}`,
        pickup_address: '1 Harbour Rd',
        drop_address: '9 Hill St',
        amount: '18.40',
      });

      // A second administrator, an Operator, with the dashboard open in a browser of their own.
      const operator = await colleague(baseUrl, token, 'Operator');
      const second = await context.browser()!.newContext({
        baseURL: baseUrl,
        viewport: DESKTOP,
        locale: 'en-US',
        reducedMotion: 'reduce',
      });
      let sos: { id: number };
      try {
        const other = await second.newPage();
        const errors: string[] = [];
        other.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
        const streaming = other.waitForResponse((r) => r.url().includes('notification-stream?'));
        await signInByApi(other, baseUrl, operator, '/');
        await streaming;
        await expect.poll(() => other.getByTestId('sos-banner').count()).toBe(0);

        // The passenger presses SOS: the Operator's open panel shows it, no reload. How fast
        // (the 2 s) is a bench's to say, not a timed test's (the standards): on CI's
        // loaded cores it took 3.2 s once. The time is printed for the record.
        const sentAt = Date.now();
        sos = await send(baseUrl, key, 'cases', {
          external_id: `sos-${run}`,
          kind: 'sos',
          trip_external_id: `t-${run}`,
          reporter_external_id: `u-${run}`,
          lat: 41.8781,
          lng: -87.6298,
          at: new Date().toISOString(),
        });
        const banner = other.getByTestId('sos-banner');
        await banner.waitFor({ timeout: 10_000 });
        console.log(`SOS on the second panel ${Date.now() - sentAt} ms after it was sent`);
        await expect
          .poll(() => banner.textContent())
          .toContain(`SOS from Rosa Diaz on trip #${trip.id}`);
        await other.screenshot({ path: `${SCREENS}/sos-banner-second-panel-desktop.png` });

        // The first panel has it too; its administrator acknowledges it from the banner.
        const mine = page.getByTestId('sos-banner');
        await mine.waitFor();
        await shots(page, 'sos-banner-desk-desktop');
        await mine.getByRole('button', { name: 'Acknowledge' }).click();
        await mine.waitFor({ state: 'hidden' });
        await banner.waitFor({ state: 'hidden', timeout: 5_000 });
        expect(errors).toEqual([]);
      } finally {
        await second.close();
      }

      // The desk lists it acknowledged, taken by whoever acknowledged it.
      const row = page.getByRole('row').filter({ hasText: `Case #${sos.id}` });
      await expect.poll(() => row.textContent()).toContain('Acknowledged');
      await shots(page, 'desk-desktop');

      // The case: the trip beside it, worked to the end with the keys and the form.
      await row.getByRole('link', { name: new RegExp(`Case #${sos.id}`) }).click();
      await page.getByRole('heading', { name: `Case #${sos.id}` }).waitFor();
      await page.getByText('1 Harbour Rd → 9 Hill St').waitFor();
      await page.keyboard.press('p');
      await page.getByTestId('case-status').filter({ hasText: 'In progress' }).waitFor();
      await field(page, 'What happened').click();
      await page.getByRole('option', { name: 'Called the passenger' }).click();
      await field(page, 'Note').fill('She is safe; the driver stopped.');
      await page.getByRole('button', { name: 'Add to the log' }).click();
      await page
        .getByTestId('case-activity')
        .getByText('She is safe; the driver stopped.')
        .waitFor();
      await field(page, 'Outcome').click();
      await page.getByRole('option', { name: 'Warning' }).click();
      await page.getByRole('button', { name: /^Resolve/ }).click();
      await page.getByTestId('case-status').filter({ hasText: 'Resolved' }).waitFor();

      const log = page.getByTestId('case-activity');
      await expect
        .poll(() => log.textContent())
        .toMatch(
          /Case opened.*Status changed.*New → Acknowledged.*Status changed.*Acknowledged → In progress.*Called the passenger.*She is safe.*Outcome chosen.*Warning.*Status changed.*In progress → Resolved/,
        );
      await shots(page, 'case-resolved-desktop');

      await page.setViewportSize(PHONE);
      await shots(page, 'case-resolved-phone');
      await page.goto('/cases?status=Resolved');
      await page.getByText(`Case #${sos.id}`).first().waitFor();
      await shots(page, 'desk-phone');

      // The passenger rates the driver one star with a comment: a case of its own, and the driver
      // is listed for review; their page shows the figures.
      await page.setViewportSize(DESKTOP);
      await send(baseUrl, key, 'ratings', {
        trip_external_id: `t-${run}`,
        by: 'passenger',
        stars: 1,
        comment: 'Drove through red lights.',
        at: new Date().toISOString(),
      });
      await page.goto('/cases?kind=rating');
      await page.getByText('Drove through red lights.', { exact: false }).first().waitFor();
      const review = page.getByTestId('rating-review');
      await review.getByRole('link', { name: 'Ana Ruiz' }).first().waitFor();
      await shots(page, 'desk-ratings-desktop');
      await review.getByRole('link', { name: 'Ana Ruiz' }).first().click();
      const figures = page.getByTestId('driver-rating');
      await figures.waitFor();
      expect(await figures.textContent()).toContain('1 rating');
      await figures.scrollIntoViewIfNeeded();
      await shots(page, 'driver-rating-desktop');
    },
    120_000,
  );
});
