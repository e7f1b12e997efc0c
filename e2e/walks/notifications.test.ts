import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { API, describeWalks, motionless, signInByApi, toast } from '../support/browser';
import { colleague } from '../support/colleague';
import { startServer } from '../support/server';

type Listed = {
  id: number;
  title: string;
  message: string;
  link: string | null;
  read_at: string | null;
};
type NotificationList = { data: Listed[]; unread_count: number };

async function apiCall<T>(
  baseUrl: string,
  token: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${json.message}`);
  return json.data;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Notification' });

/**
 * The toast is in the bottom-right stack of toasts (issue 45: at the top it
 * covered the header and the screen's toolbar): at the right edge, in the
 * bottom half of the window, below the header.
 */
async function expectBottomRight(page: Page, text: string) {
  const item = toast(page, text);
  const stack = item.locator(
    'xpath=ancestor::*[contains(@class, "mantine-Notifications-root")][1]',
  );
  expect(await stack.getAttribute('data-position')).toBe('bottom-right');
  const [itemBox, header] = [await item.boundingBox(), await page.locator('header').boundingBox()];
  const viewport = page.viewportSize();
  expect(itemBox && header && viewport).toBeTruthy();
  expect(itemBox!.x + itemBox!.width).toBeGreaterThan(viewport!.width * 0.75);
  expect(itemBox!.y + itemBox!.height).toBeGreaterThan(viewport!.height * 0.5);
  expect(itemBox!.y).toBeGreaterThan(header!.y + header!.height);
}

describe('notifications', () => {
  const walk = describeWalks();

  walk(
    'the bell shows unread ones, marks them read, and a new one arrives as a toast without reload',
    async ({ page, baseUrl, admin }) => {
      const token = await signInByApi(page, baseUrl, admin, '/');
      // Start from a known state: everything read but three fresh ones.
      await apiCall(baseUrl, token, 'notification-read', { all: true });
      const rides = await apiCall<{ data: { id: number; ride_status: string }[] }>(
        baseUrl,
        token,
        'ride-list?page=1&per_page=100',
      );
      // Accepted trips, oldest of the page first (the trips walk takes the newest Pending ones).
      const live = rides.data.filter((r) => r.ride_status === 'Accept').reverse();
      expect(live.length, 'the demo data has accepted trips').toBeGreaterThanOrEqual(3);
      // By a colleague: an administrator's own actions never count as unread for them.
      const operator = await colleague(baseUrl, token, 'Operator');
      for (const ride of live.slice(0, 2)) {
        await apiCall(baseUrl, operator.token, 'ride-cancel', {
          ride_id: ride.id,
          reason: 'Booked by mistake',
        });
      }
      await page.reload();

      await expect
        .poll(() => bell(page).getAttribute('aria-label'))
        .toBe('Notifications, 2 unread');
      await bell(page).click();
      await dropdown(page).waitFor();
      const items = dropdown(page).getByRole('listitem');
      // Newest first: the second cancel is on top.
      await expect
        .poll(() => items.first().innerText())
        .toContain(`Trip #${live[1]!.id} was cancelled`);
      expect(await items.first().getAttribute('data-unread')).toBe('true');
      expect(await items.nth(1).getAttribute('data-unread')).toBe('true');
      expect(await items.nth(2).getAttribute('data-unread')).toBe('false');

      // Mark one read: the mark goes, the count drops, and the server agrees.
      await dropdown(page)
        .getByRole('button', { name: 'Mark “Trip cancelled” as read' })
        .first()
        .click();
      await expect.poll(() => items.first().getAttribute('data-unread')).toBe('false');
      await expect
        .poll(() => bell(page).getAttribute('aria-label'))
        .toBe('Notifications, 1 unread');
      expect((await apiCall<NotificationList>(baseUrl, token, 'notification')).unread_count).toBe(
        1,
      );

      // While the panel is open, a trip is cancelled elsewhere: a toast at the bottom right, no reload.
      await page.getByRole('heading', { name: 'Dashboard' }).click();
      await dropdown(page).waitFor({ state: 'hidden' });
      const marker = await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
        return true;
      });
      expect(marker).toBe(true);
      const other = live[2]!;
      // By the colleague: an administrator's own action is not echoed back to them.
      await apiCall(baseUrl, operator.token, 'ride-cancel', {
        ride_id: other.id,
        reason: 'Changed my plans',
      });
      const text = `Trip cancelled: Trip #${other.id} was cancelled: Changed my plans.`;
      await toast(page, text).waitFor({ timeout: 15_000 });
      await motionless(page);
      await expectBottomRight(page, text);
      expect(
        await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
      ).toBe(true);
      await expect
        .poll(() => bell(page).getAttribute('aria-label'))
        .toBe('Notifications, 2 unread');

      // Following it opens the trip and marks it read; then mark all read empties the count.
      await bell(page).click();
      await dropdown(page)
        .getByRole('button', { name: new RegExp(`^Unread: Trip cancelled: Trip #${other.id} `) })
        .click();
      await page.waitForURL((url) => url.pathname === `/trip-detail/${other.id}`);
      await expect
        .poll(() => bell(page).getAttribute('aria-label'))
        .toBe('Notifications, 1 unread');
      await bell(page).click();
      await dropdown(page).getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
      expect((await apiCall<NotificationList>(baseUrl, token, 'notification')).unread_count).toBe(
        0,
      );

      // In Spanish the same notifications read in Spanish (the reason is the marketplace's own words).
      await page.evaluate(() => window.localStorage.setItem('setLanguage', 'es'));
      await page.reload();
      await page.getByRole('button', { name: /^Notificaciones/ }).click();
      await expect
        .poll(() => page.getByRole('dialog').getByRole('listitem').first().innerText())
        .toContain(`Viaje cancelado\n\nEl viaje n.º ${other.id} fue cancelado: Changed my plans.`);
    },
    120_000,
  );

  walk(
    'a registration made by the simulator appears as a toast and in the bell, linked to its record',
    async ({ page }) => {
      const server = await startSimulatingServer();
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('Email').fill(SIM_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(SIM_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      // A company or a driver, whichever registers first: the simulator's events come faster
      // than the bell's burst ends, so only the first few arrivals are toasted one by one.
      const registration = page
        .getByRole('alert')
        .filter({
          hasText: /^New (company|driver) registration: .+ and is waiting for approval\.$/,
        })
        .first();
      await registration.waitFor({ timeout: 90_000 });
      const text = await registration.innerText();
      const [, kind, body] = /^New (company|driver) registration: (.+)$/.exec(text)!;
      await motionless(page);
      await expectBottomRight(page, text);

      await bell(page).click();
      const item = dropdown(page).getByRole('listitem').filter({ hasText: body! }).first();
      await item.waitFor();
      expect(await item.getAttribute('data-unread')).toBe('true');
      await item.getByRole('button', { name: `Unread: New ${kind} registration` }).click();
      await page.waitForURL((url) => new RegExp(`^/${kind}-detail/\\d+$`).test(url.pathname));
    },
    180_000,
  );
});

const SIM_ADMIN = { email: 'simulator@cabdesk.test', password: 'watching the marketplace' };
let simulating: Awaited<ReturnType<typeof startServer>> | undefined;

afterAll(async () => {
  await simulating?.stop();
});

/**
 * The production server with the simulator inside it (SIMULATE=true, the way
 * to watch an embedded database live), over an empty marketplace: the first
 * events are companies registering and waiting for approval.
 */
async function startSimulatingServer() {
  // One per worker (two may run this walk), on the embedded database.
  simulating = await startServer(
    `simulating-${process.env.VITEST_POOL_ID ?? '1'}`,
    {
      ADMIN_EMAIL: SIM_ADMIN.email,
      ADMIN_PASSWORD: SIM_ADMIN.password,
      SEED_DEMO: 'false',
      SIMULATE: 'true',
      // The shortest interval allowed: one event in 21 is a company's registration,
      // which the walk waits for (docs/testing.md, "Browser walks").
      SIMULATE_INTERVAL_SECONDS: '0.2',
    },
    { engine: 'pglite' },
  );
  return simulating.server;
}
