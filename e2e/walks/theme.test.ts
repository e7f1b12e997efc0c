import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  apiGet,
  describeWalks,
  expectNoA11yViolations,
  expectNoSeriousA11yViolations,
  motionless,
  type Paged,
  signInByApi,
  storageOf,
} from '../support/browser';

interface Ride {
  id: number;
  user: { id: number };
  driver: { id: number; vehicle: { id: number } | null } | null;
  company: { id: number } | null;
}

const DESKTOP = { width: 1366, height: 860 };
const ARABIC_MONTH = '(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)';
const SPANISH_MONTH = '(ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic)';
const SPEC_MONEY = /\$\d{1,3}(,\d{3})*\.\d\d/;

/** The screen has settled: its heading is there, nothing loads, nothing moves. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete))
    .catch(() => undefined);
  await motionless(page);
}

/** Opens each path and lets axe look at it. */
async function visitAll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    await expectNoA11yViolations(page, path);
  }
}

const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const direction = (page: Page) =>
  page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]);

/** The FAQ and coupon forms opened, axe on each dialog; then a list and a detail. */
async function formsAndScreens(
  page: Page,
  suffix: string,
  [addFaq, addCoupon]: [string, string],
  companyId: number,
) {
  for (const [path, add] of [
    ['/faq', addFaq],
    ['/coupon', addCoupon],
  ] as const) {
    await page.goto(path);
    await settled(page);
    await page.getByRole('button', { name: add }).click();
    await page.getByRole('dialog').waitFor();
    await motionless(page);
    await expectNoA11yViolations(page, `${path} form (${suffix})`);
    await page.keyboard.press('Escape');
  }
  await page.goto('/trip');
  await settled(page);
  await page.goto(`/company-detail/${companyId}`);
  await settled(page);
}

describe('dark mode and Arabic', () => {
  const walk = describeWalks();

  walk(
    'every signed-in screen in dark English and in light Arabic, axe finds nothing',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await signInByApi(page, baseUrl, admin, '/');
      const rides = await apiGet<Paged<Ride>>(baseUrl, token, 'ride-list?per_page=100');
      const ride = rides.data.find((r) => r.driver?.vehicle && r.company);
      expect(ride, 'a ride with a driver, a vehicle and a company').toBeTruthy();
      // A live vehicle: another walk on the same server may have deleted a trip's vehicle.
      const vehicles = await apiGet<Paged<{ id: number }>>(
        baseUrl,
        token,
        'vehicle-list?per_page=1',
      );
      const { user, driver, company } = ride as Ride & {
        driver: { id: number; vehicle: { id: number } };
        company: { id: number };
      };
      const screens = [
        '/',
        '/user',
        `/user-detail/${user.id}`,
        '/company',
        `/company-detail/${company.id}`,
        '/vehicle',
        `/vehicle-detail/${vehicles.data[0]!.id}`,
        '/driver',
        `/driver-detail/${driver.id}`,
        `/driver-history-detail?driver_id=${driver.id}`,
        '/trip',
        `/trip-detail/${ride!.id}`,
        '/sales',
        '/review',
        '/expiring-documents',
        '/audit-log',
        '/administrators',
        '/my-profile',
        '/faq',
        '/coupon',
        '/no-such-page', // the error page, in the app's frame
      ];

      // The system's scheme (light here) until the switch is used; then dark, remembered.
      await settled(page);
      expect(await scheme(page)).toBe('light');
      const toggle = page.getByRole('switch', { name: 'Toggle color scheme' });
      await toggle.click();
      await expect.poll(() => scheme(page)).toBe('dark');
      expect((await storageOf(page)).colorScheme).toBe('dark');
      await page.reload();
      await settled(page);
      expect(await scheme(page)).toBe('dark');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

      await visitAll(page, screens);

      // The FAQ and coupon forms (dialogs), a list and a detail, in dark.
      await formsAndScreens(page, 'dark', ['+ Add FAQ', '+ Add Coupon'], company.id);

      // Spanish: SPEC's money and Mon-DD-YYYY with a Spanish month.
      await page.goto('/');
      await settled(page);
      await page.getByRole('button', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: 'Español' }).click();
      await page
        .getByRole('heading', { level: 1, name: 'Panel' })
        .or(page.getByRole('heading', { level: 1 }))
        .first()
        .waitFor();
      await expect.poll(() => direction(page)).toEqual(['ltr', 'es']);
      await expect.poll(() => page.getByRole('main').innerText()).toMatch(SPEC_MONEY);
      await page.goto('/user');
      await settled(page);
      await page
        .getByRole('cell', { name: new RegExp(`^${SPANISH_MONTH}-\\d\\d-\\d{4}$`) })
        .first()
        .waitFor();

      // Arabic: right to left, the sidebar on the right, SPEC's numbers, Arabic months.
      await page.getByRole('button', { name: 'Idioma: Español' }).click();
      await page.getByRole('menuitem', { name: 'العربية' }).click();
      await page.getByRole('heading', { level: 1, name: 'قائمة المستخدمين' }).waitFor();
      await expect.poll(() => direction(page)).toEqual(['rtl', 'ar']);
      expect((await storageOf(page)).setLanguage).toBe('ar');
      const sidebar = await page.locator('#app-sidebar').boundingBox();
      expect(sidebar!.x).toBeGreaterThan(DESKTOP.width / 2);
      await page
        .getByRole('cell', { name: new RegExp(`^${ARABIC_MONTH}-\\d\\d-\\d{4}$`) })
        .first()
        .waitFor();
      const arabicList = await page.getByRole('main').innerText();
      expect(arabicList).not.toMatch(/[\u0660-\u0669]/);

      // Dark Arabic: a few screens.
      await visitAll(page, ['/', '/trip', `/trip-detail/${ride!.id}`]);
      await page.goto('/');
      await settled(page);
      expect(await page.getByRole('main').innerText()).toMatch(SPEC_MONEY);

      // Light Arabic: every screen, the reload keeping both choices.
      await page.getByRole('switch', { name: 'تبديل نظام الألوان' }).click();
      await expect.poll(() => scheme(page)).toBe('light');
      await page.reload();
      await settled(page);
      expect(await scheme(page)).toBe('light');
      expect(await direction(page)).toEqual(['rtl', 'ar']);

      await visitAll(page, screens);

      await formsAndScreens(page, 'ar', ['+ إضافة سؤال', '+ إضافة قسيمة'], company.id);

      // Back to English: left to right again.
      await page.getByRole('button', { name: 'اللغة: العربية' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('heading', { level: 1, name: 'Company Detail' }).waitFor();
      await expect.poll(() => direction(page)).toEqual(['ltr', 'en']);
    },
    600_000,
  );

  walk(
    'the accessibility checks, as every walk runs them, find a faint paragraph',
    async ({ page }) => {
      await page.goto('/login');
      await settled(page);
      await page.evaluate(() => {
        const faint = document.createElement('p');
        faint.textContent = 'Grey on grey';
        faint.style.color = '#777';
        faint.style.background = '#666';
        document.querySelector('main')!.append(faint);
      });
      for (const check of [
        () => expectNoA11yViolations(page, 'a faint paragraph'),
        () => expectNoSeriousA11yViolations(page),
      ]) {
        const failure = await check().then(
          () => 'no failure',
          (error: { actual?: unknown }) => JSON.stringify(error.actual),
        );
        expect(failure).toMatch(/"color-contrast".*main > p/);
      }
    },
  );

  walk(
    'the signed-out screens in dark English and in light Arabic, axe finds nothing',
    async ({ page, admin }) => {
      await page.setViewportSize(DESKTOP);
      const publicScreens = [
        '/login',
        '/forgot-password',
        '/user-policy',
        '/company-policy',
        '/driver-policy',
      ];
      await page.goto('/login');
      await page.evaluate(() => window.localStorage.setItem('colorScheme', 'dark'));

      for (const [language, next, otpTitle] of [
        ['en', 'Next', 'OTP Verification'],
        ['ar', 'التالي', 'التحقق من الرمز'],
      ] as const) {
        await visitAll(page, publicScreens);
        expect(await scheme(page)).toBe(language === 'en' ? 'dark' : 'light');
        await page.goto('/forgot-password');
        await settled(page);
        await page.getByRole('textbox').first().fill(admin.email);
        await page.getByRole('button', { name: next }).click();
        await page.getByRole('heading', { level: 1, name: otpTitle }).waitFor();
        await settled(page);
        await expectNoA11yViolations(page, `OTP (${language})`);
        await page.goto('/login');
        await settled(page);
        await page.evaluate(() => {
          window.localStorage.setItem('colorScheme', 'light');
          window.localStorage.setItem('setLanguage', 'ar');
        });
      }
      expect(await direction(page)).toEqual(['rtl', 'ar']);
    },
    300_000,
  );
});
