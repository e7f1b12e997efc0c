import { describe, expect } from 'vitest';
import {
  describeWalks,
  expectNoSeriousA11yViolations,
  HTTP_401_LOG,
  signInWithForm,
  storageOf,
  toast,
} from '../support/browser';

describe('signing in', () => {
  const walk = describeWalks();

  walk(
    'the login form explains what is missing and forgets it once edited',
    async ({ page, screenshot }) => {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      await page.getByRole('link', { name: 'Forgot Password' }).waitFor();

      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Please provide a email.').waitFor();
      await page.getByText('Please enter a password.').waitFor();
      await screenshot('login-validation.png');

      await page.getByLabel('Email').fill('not-an-email');
      // Editing a field clears its message at once; the other stays.
      expect(await page.getByText('Please provide a email.').count()).toBe(0);
      expect(await page.getByText('Please enter a password.').count()).toBe(1);

      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Please enter valid email.').waitFor();
      await page.getByLabel('Email').press('End');
      await page.getByLabel('Email').pressSequentially('x');
      await page.getByText('Please enter valid email.').waitFor({ state: 'detached' });

      await page.getByLabel('Password', { exact: true }).fill('secret');
      await page.getByText('Please enter a password.').waitFor({ state: 'detached' });

      // The show/hide toggle reveals the password.
      const password = page.getByLabel('Password', { exact: true });
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show or hide password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
    },
  );

  walk(
    'a wrong password is refused with the server message',
    async ({ page, admin, allowConsoleError }) => {
      allowConsoleError(HTTP_401_LOG);
      await page.goto('/login');
      await signInWithForm(page, admin.email, 'not-the-password');

      const refused = toast(page, 'Invalid email or password.');
      await refused.waitFor();
      // Login-area toasts sit top-right (SPEC 9).
      const box = await refused.boundingBox();
      const viewport = page.viewportSize();
      expect(box && viewport && box.x > viewport.width / 2 && box.y < viewport.height / 2).toBe(
        true,
      );

      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await storageOf(page)).not.toHaveProperty('access_token');
    },
  );

  walk(
    'a signed-out visit is sent to sign in, then back to where it was going',
    async ({ page, admin }) => {
      await page.goto('/sales');
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();

      await signInWithForm(page, admin.email, admin.password);
      await page.waitForURL('**/sales');
      await page.getByRole('heading', { name: 'Sales' }).waitFor();
      await page.getByRole('table', { name: 'Sales' }).waitFor();
      await toast(page, 'Login successfully.').waitFor();

      const stored = await storageOf(page);
      expect(stored.access_token).toMatch(/\S{16,}/);
      expect(stored.UserId).toMatch(/^\d+$/);
      expect(stored.isLogin).toBe('1');
    },
  );

  walk('the login page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    // Also with the messages shown.
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please provide a email.').waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
