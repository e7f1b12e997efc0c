import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { describeWalks, signInByApi, storageOf } from '../support/browser';

const DESKTOP = { width: 1366, height: 860 };

const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const direction = (page: Page) =>
  page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]);

describe('dark mode and Arabic', () => {
  const walk = describeWalks();

  walk(
    'dark is chosen with the switch, Arabic turns the page right to left, and a reload keeps both',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      await signInByApi(page, baseUrl, admin, '/');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

      // The system's scheme (light here) until the switch is used; then dark, remembered.
      expect(await scheme(page)).toBe('light');
      const toggle = page.getByRole('switch', { name: 'Toggle color scheme' });
      await toggle.click();
      await expect.poll(() => scheme(page)).toBe('dark');
      expect((await storageOf(page)).colorScheme).toBe('dark');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await scheme(page)).toBe('dark');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

      // Arabic: right to left, the sidebar on the right.
      await page.goto('/user');
      await page.getByRole('button', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: 'العربية' }).click();
      await page.getByRole('heading', { level: 1, name: 'قائمة المستخدمين' }).waitFor();
      await expect.poll(() => direction(page)).toEqual(['rtl', 'ar']);
      expect((await storageOf(page)).setLanguage).toBe('ar');
      const sidebar = await page.locator('#app-sidebar').boundingBox();
      expect(sidebar!.x).toBeGreaterThan(DESKTOP.width / 2);

      // Light again with the switch, named in Arabic; a reload keeps both choices.
      await page.getByRole('switch', { name: 'تبديل نظام الألوان' }).click();
      await expect.poll(() => scheme(page)).toBe('light');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'قائمة المستخدمين' }).waitFor();
      expect(await scheme(page)).toBe('light');
      expect(await direction(page)).toEqual(['rtl', 'ar']);

      // Back to English: left to right again.
      await page.getByRole('button', { name: 'اللغة: العربية' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('heading', { level: 1, name: 'User List' }).waitFor();
      await expect.poll(() => direction(page)).toEqual(['ltr', 'en']);
    },
  );

  walk('the signed-out screens follow the stored scheme and language', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      window.localStorage.setItem('colorScheme', 'dark');
      window.localStorage.setItem('setLanguage', 'ar');
    });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await scheme(page)).toBe('dark');
    await expect.poll(() => direction(page)).toEqual(['rtl', 'ar']);
  });

  walk(
    'while its code loads the page shows the mark, not a blank page, in either scheme',
    async ({ page, allowConsoleError }) => {
      // The scripts never come: what the page holds before its first render.
      allowConsoleError(/Failed to load resource: net::ERR_FAILED/);
      await page.route('**/*.js', (route) => route.abort());
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto('/login');
        const mark = page.locator('#root svg');
        expect(await mark.boundingBox()).toMatchObject({ width: 56, height: 56 });
        const background = await page
          .locator('#root > div')
          .evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(background).toBe(colorScheme === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)');
      }
      await page.unroute('**/*.js');
    },
  );
});
