import { describe, expect } from 'vitest';
import {
  callApi,
  describeWalks,
  HTTP_401_LOG,
  signInByApi,
  signInWithForm,
  storageOf,
} from '../support/browser';

describe('the session', () => {
  const walk = describeWalks();

  walk('logout asks first, then ends the session everywhere', async ({ page, baseUrl, admin }) => {
    const token = await signInByApi(page, baseUrl, admin, '/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    await nav.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure? you want to Logout!').waitFor();

    // No keeps the administrator signed in.
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await storageOf(page)).isLogin).toBe('1');
    expect((await callApi(baseUrl, 'dashboard', token)).status).toBe(200);

    // Yes signs out: back on /login, storage empty, the token revoked.
    await nav.getByRole('button', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    expect(await storageOf(page)).toEqual({});
    const after = await callApi(baseUrl, 'dashboard', token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ status: false, message: 'Unauthenticated.' });

    // The protected pages are closed again.
    await page.goto('/');
    await page.waitForURL('**/login');
  });

  walk(
    'a 401 mid-session returns to sign in with storage cleared',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(HTTP_401_LOG);
      await signInByApi(page, baseUrl, admin, '/vehicle');
      await page.getByRole('table', { name: 'Vehicle List' }).waitFor();
      await page.evaluate(() => window.localStorage.setItem('access_token', 'no-such-token'));

      await page.goto('/');
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      expect(await storageOf(page)).toEqual({});

      // Signing in again returns to the page the session ended on.
      await signInWithForm(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('stat-card').first().waitFor();
    },
  );

  walk('an unknown route shows the router error page', async ({ page }) => {
    await page.goto('/no-such-screen');
    await page.getByText('Unexpected Application Error!').waitFor();
    await page.getByText('404 Not Found').waitFor();
  });

  walk(
    'a signed-in administrator is sent from /login to the dashboard',
    async ({ page, baseUrl, admin }) => {
      await signInByApi(page, baseUrl, admin, '/login');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('stat-card').first().waitFor();
      await page.goto('/forgot-password');
      await page.waitForURL((url) => url.pathname === '/');
    },
  );
});
