import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoA11yViolations } from '../support/axe';
import {
  API,
  apiGet,
  describeWalks,
  inApp as goInApp,
  motionless,
  type Paged,
  signInByApi,
  useScheme,
} from '../support/browser';

/**
 * Accessibility, once per screen: every screen and popup of the app is
 * opened here once and axe looks at it, in the light scheme with every rule
 * and in the dark scheme for contrast (the one rule a scheme changes). The
 * other walks check journeys and run no axe.
 */

interface Ride {
  id: number;
  ride_status: string;
  user: { id: number };
  driver: { id: number; vehicle: { id: number } | null } | null;
  company: { id: number } | null;
}

/** A screen or popup: how to reach it from anywhere, and its name in a failure. */
interface Stop {
  name: string;
  open: (page: Page) => Promise<void>;
}

/** The page has settled: nothing loads, every image is in, nothing moves. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  // A record opened in the app: its loader has gone (a load afresh waits for the network).
  await expect.poll(() => page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete))
    .catch(() => undefined);
  await motionless(page);
}

const heading = (page: Page, name?: string) =>
  page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first();

/** Loads `path` afresh and waits for its main heading. */
const screen =
  (path: string, name?: string): Stop['open'] =>
  async (page) => {
    await page.goto(path);
    await heading(page, name).waitFor();
  };

/**
 * Opens `path` from within the running app (`goInApp`, as a link does: a walk
 * of 30 screens pays for one start of the app), `name` being its main heading,
 * which tells it from the screen before. A page with a popup still open from
 * the last stop loads afresh, so no stop sees what another left behind.
 */
const inApp =
  (path: string, name: string): Stop['open'] =>
  async (page) => {
    if ((await page.getByRole('dialog').count()) > 0) await screen(path, name)(page);
    else await goInApp(page, path, name);
  };

/** Answers a call of the API in the page with `data`, as the server would. */
async function answer(page: Page, path: string, data: unknown, message = 'OK') {
  await page.route(`**${API}${path}`, (route) =>
    route.fulfill({ json: { status: true, message, data } }),
  );
}

/**
 * axe on the page in both schemes, turned in place: every rule in the light
 * one, contrast in the dark one (the one rule a scheme changes). It starts in
 * the scheme the page shows, so the scheme turns once a check.
 */
async function checkBothSchemes(page: Page, name: string) {
  const shown = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
  for (const turn of [false, true]) {
    if (turn) await useScheme(page, (await shown()) === 'light' ? 'dark' : 'light');
    if ((await shown()) === 'dark') {
      await expectNoA11yViolations(page, `${name} (dark)`, { rules: ['color-contrast'] });
    } else await expectNoA11yViolations(page, `${name} (light)`);
  }
}

/** Each stop once, in both schemes. */
async function checkAll(page: Page, stops: Stop[]) {
  for (const stop of stops) {
    await stop.open(page);
    await settled(page);
    await checkBothSchemes(page, stop.name);
  }
}

describe('accessibility, once per screen', () => {
  const walk = describeWalks();

  walk('the check finds a faint paragraph (it can fail)', async ({ page }) => {
    await page.goto('/login');
    await heading(page).waitFor();
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Grey on grey';
      faint.style.color = '#777';
      faint.style.background = '#666';
      document.querySelector('main')!.append(faint);
    });
    for (const rules of [undefined, ['color-contrast']]) {
      const failure = await expectNoA11yViolations(page, 'a faint paragraph', { rules }).then(
        () => 'no failure',
        (error: { actual?: unknown }) => JSON.stringify(error.actual),
      );
      expect(failure).toMatch(/"color-contrast".*main > p/);
    }
  });

  walk(
    'every signed-out screen, in light and in dark',
    async ({ page, allowConsoleError }) => {
      // The second sign-in step below is reached with an answer of the test's own.
      allowConsoleError(/status of 4\d\d/);
      await page.goto('/login');
      const stops: Stop[] = [
        { name: '/login', open: screen('/login', 'Admin Panel') },
        {
          name: '/login with its messages',
          open: async (p) => {
            await screen('/login', 'Admin Panel')(p);
            await p.getByRole('button', { name: 'Login' }).click();
            await p.getByText('Please provide a email.').waitFor();
          },
        },
        {
          name: '/login, the code of two-factor sign-in',
          open: async (p) => {
            await screen('/login', 'Admin Panel')(p);
            await answer(p, 'login', {
              two_factor_required: true,
              challenge: 'a11y-challenge',
              expires_in: 300,
            });
            await p.getByLabel('Email').fill('admin@cabdesk.test');
            await p.getByLabel('Password', { exact: true }).fill('any password');
            await p.getByRole('button', { name: 'Login' }).click();
            await p.getByLabel('Code').waitFor();
            await p.unrouteAll({ behavior: 'ignoreErrors' });
          },
        },
        {
          name: '/forgot-password with its message',
          open: async (p) => {
            await screen('/forgot-password', 'Forgot Password')(p);
            await p.getByRole('button', { name: 'Next' }).click();
            await p.getByText('Please enter your valid email ID.').waitFor();
          },
        },
        {
          // An address of nobody: the server answers as for an administrator, and mails nothing.
          name: '/otp, then /change-password with its messages',
          open: async (p) => {
            await screen('/forgot-password', 'Forgot Password')(p);
            await p.getByLabel('Email').fill(`nobody-${Date.now()}@cabdesk.test`);
            await p.getByRole('button', { name: 'Next' }).click();
            await heading(p, 'OTP Verification').waitFor();
            await settled(p);
            await checkBothSchemes(p, '/otp');
            await answer(p, 'verifyOTP', { token: 'a11y-token', expires_in: 900 });
            await p.getByRole('textbox', { name: 'Digit 1 of 5' }).click();
            await p.keyboard.insertText('12345');
            await p.getByRole('button', { name: 'Submit' }).click();
            await heading(p, 'Change Password').waitFor();
            await p.unrouteAll({ behavior: 'ignoreErrors' });
            await p.getByRole('button', { name: 'Submit' }).click();
            await p.getByText('Please enter new password.').waitFor();
          },
        },
        { name: '/accept-invite', open: screen('/accept-invite#a11y-token', 'Join Cabdesk') },
        { name: '/user-policy', open: screen('/user-policy') },
        { name: '/company-policy', open: screen('/company-policy') },
        { name: '/driver-policy', open: screen('/driver-policy') },
      ];
      await checkAll(page, stops);
    },
    300_000,
  );

  walk(
    'every signed-in screen and popup, in light and in dark',
    async ({ page, baseUrl, admin }) => {
      const token = await signInByApi(page, baseUrl, admin, '/');
      const rides = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100');
      const ride = rides.data.find((r) => r.driver?.vehicle && r.company)!;
      const pending = rides.data.find((r) => r.ride_status === 'Pending')!;
      expect(
        ride && pending,
        'a trip with driver, vehicle and company, and a pending one',
      ).toBeTruthy();
      const vehicles = await apiGet<Paged<{ id: number }>>(baseUrl, token, 'vehicle-list');
      const { user, driver, company } = ride as Ride & {
        driver: { id: number };
        company: { id: number };
      };
      const list = (path: string, name: string): Stop => ({ name: path, open: inApp(path, name) });
      const popup =
        (path: string, name: string | undefined, button: string, dialog: string): Stop['open'] =>
        async (p) => {
          await (name ? inApp(path, name) : screen(path))(p);
          await settled(p);
          await p.getByRole('button', { name: button, exact: true }).click();
          await p.getByRole('dialog', { name: dialog }).waitFor();
        };

      const stops: Stop[] = [
        list('/', 'Dashboard'),
        {
          name: 'the notifications',
          open: async (p) => {
            await inApp('/', 'Dashboard')(p);
            await p.getByRole('button', { name: /^Notifications/ }).click();
            await p.getByRole('dialog', { name: 'Notification' }).waitFor();
          },
        },
        {
          name: 'the search of records and screens (Ctrl+K)',
          open: async (p) => {
            await inApp('/', 'Dashboard')(p);
            await p.keyboard.press('Control+K');
            await p.getByRole('textbox', { name: 'Search records and screens' }).fill('audit');
            await p.getByRole('button', { name: 'Audit log' }).waitFor();
          },
        },
        { name: '/setting', open: inApp('/setting', 'Settings') },
        { name: '/integrations', open: inApp('/integrations', 'Integrations') },
        { name: '/webhooks', open: inApp('/webhooks', 'Webhooks') },
        list('/review', 'Review desk'),
        {
          name: 'a record on the review desk',
          open: async (p) => {
            await inApp('/review', 'Review desk')(p);
            await p
              .getByRole('table', { name: 'Review desk' })
              .locator('tbody tr')
              .first()
              .waitFor();
            // J opens the oldest, once the desk listens (pressed again until it does).
            await expect
              .poll(async () => {
                await p.keyboard.press('j');
                return p.getByRole('heading', { level: 2 }).count();
              })
              .toBeGreaterThan(0);
          },
        },
        list('/expiring-documents', 'Expiring documents'),
        list('/user', 'User List'),
        { name: '/user-detail', open: inApp(`/user-detail/${user.id}`, 'User Detail') },
        list('/company', 'Company List'),
        { name: '/company-detail', open: inApp(`/company-detail/${company.id}`, 'Company Detail') },
        list('/vehicle', 'Vehicle List'),
        {
          name: '/vehicle-detail',
          open: inApp(`/vehicle-detail/${vehicles.data[0]!.id}`, 'Vehicle Detail'),
        },
        list('/driver', 'Driver List'),
        { name: '/driver-detail', open: inApp(`/driver-detail/${driver.id}`, 'Driver Detail') },
        {
          name: '/driver-history-detail',
          open: inApp(`/driver-history-detail?driver_id=${driver.id}`, 'Driver History Detail'),
        },
        // Issue 46: the live map (its drivers' dots are drawn in the map's canvas).
        { name: '/live', open: inApp('/live', 'Live map') },
        list('/trip', 'Overall Trips'),
        { name: '/trip-detail', open: inApp(`/trip-detail/${ride.id}`, `Trip #${ride.id}`) },
        {
          name: 'the cancel popup of a trip, with its message',
          open: async (p) => {
            const title = `Cancel trip #${pending.id}`;
            await popup(
              `/trip-detail/${pending.id}`,
              `Trip #${pending.id}`,
              'Cancel trip',
              title,
            )(p);
            const dialog = p.getByRole('dialog', { name: title });
            await dialog.getByRole('button', { name: 'Cancel trip' }).click();
            await dialog.getByText('Please enter a reason.').waitFor();
          },
        },
        list('/sales', 'Sales'),
        list('/faq', 'FAQ'),
        {
          name: 'the Add FAQ popup, with its messages',
          open: async (p) => {
            await popup('/faq', 'FAQ', '+ Add FAQ', 'Add FAQ')(p);
            const dialog = p.getByRole('dialog', { name: 'Add FAQ' });
            await dialog.getByRole('button', { name: 'Add', exact: true }).click();
            await dialog.getByText('Please enter your question.').waitFor();
          },
        },
        list('/coupon', 'Coupon List'),
        {
          name: 'the Add Coupon popup, with its messages',
          open: async (p) => {
            await popup('/coupon', 'Coupon List', '+ Add Coupon', 'Add Coupon')(p);
            const dialog = p.getByRole('dialog', { name: 'Add Coupon' });
            await dialog.getByRole('button', { name: 'Add', exact: true }).click();
            await dialog.getByText('Please enter title.').waitFor();
          },
        },
        {
          name: '/my-profile, the password card open with its messages',
          open: async (p) => {
            await inApp('/my-profile', 'My Profile')(p);
            const card = p.locator('form', {
              has: p.getByRole('heading', { name: 'Change Password' }),
            });
            await card.getByRole('button', { name: 'Change Password' }).click();
            await card.getByRole('button', { name: 'Update' }).click();
            await p.getByText('Please enter old password', { exact: true }).waitFor();
          },
        },
        list('/administrators', 'Administrators'),
        {
          name: 'the invitation popup',
          open: popup('/administrators', 'Administrators', 'Invite', 'Invite an administrator'),
        },
        list('/audit-log', 'Audit log'),
        { name: 'the error page', open: screen('/no-such-page') },
      ];
      await checkAll(page, stops);
    },
    600_000,
  );
});
