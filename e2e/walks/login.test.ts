import { describe, expect } from 'vitest';
import {
  describeWalks,
  HTTP_401_LOG,
  signInWithForm,
  storageOf,
  toast,
  toastAfter,
} from '../support/browser';

describe('signing in', () => {
  const walk = describeWalks();

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

      // The welcome toast lives 5 s: waited for from the click on.
      await toastAfter(page, 'Login successfully.', () =>
        signInWithForm(page, admin.email, admin.password),
      );
      await page.waitForURL('**/sales');
      await page.getByRole('heading', { name: 'Sales' }).waitFor();
      await page.getByRole('table', { name: 'Sales' }).waitFor();

      const stored = await storageOf(page);
      expect(stored.access_token).toMatch(/\S{16,}/);
      expect(stored.UserId).toMatch(/^\d+$/);
      expect(stored.isLogin).toBe('1');
    },
  );
});
