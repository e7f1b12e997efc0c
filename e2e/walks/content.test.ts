import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  apiGet,
  callApi,
  describeWalks,
  type Paged,
  signInByApi,
  toastAfter,
} from '../support/browser';

/** The walks of this file look at a 1366x860 screen. */
const SCREEN = { width: 1366, height: 860 };

/** The browser logs every HTTP error answer to a fetch: here a refused toggle (404). */
const HTTP_ERROR_LOG = /Failed to load resource: the server responded with a status of 404/;

/** SPEC 9: Mon-DD-YYYY with an en-US short month. */
const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
const SHORT_DATE = new RegExp(`^(${MONTHS})-\\d{2}-\\d{4}$`);

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The rows of the page's one table (the empty state is not a row with cells of data). */
function rows(page: Page, table: string) {
  return page.getByRole('table', { name: table }).locator('tbody tr');
}

/** Waits until the table has data and no request is under way. */
async function tableSettled(page: Page, table: string) {
  const element = page.getByRole('table', { name: table });
  await element.locator('tbody tr td').first().waitFor();
  await expect.poll(() => element.getAttribute('aria-busy')).toBe('false');
}

interface Faq {
  id: number;
  question: string;
}

interface Coupon {
  id: number;
  coupon_code: string;
  suspend_status: 0 | 1;
}

describe('FAQ and coupons', () => {
  const walk = describeWalks();

  walk('an FAQ is added, edited, then deleted', async ({ page, baseUrl, admin }) => {
    await page.setViewportSize(SCREEN);
    const token = await signInByApi(page, baseUrl, admin, '/faq');
    await page.getByRole('heading', { name: 'FAQ', exact: true }).waitFor();
    await tableSettled(page, 'FAQ list');

    // The table: #, Faq Detail, Date, Action; the demo data has a dozen FAQs: two pages.
    const table = page.getByRole('table', { name: 'FAQ list' });
    expect(await table.locator('thead th').allInnerTexts()).toEqual([
      '#',
      'Faq Detail',
      'Date',
      'Action',
    ]);
    const faqs = () => apiGet<Paged<Faq>>(baseUrl, token, 'support-list?page=1');
    const { total: before, per_page: perPage, last_page: lastPage } = await faqs();
    expect(before).toBeGreaterThan(perPage);
    expect(await rows(page, 'FAQ list').count()).toBe(perPage);
    await page.getByText(`Showing 1 - ${lastPage}`, { exact: true }).waitFor();
    const firstRow = rows(page, 'FAQ list').first();
    expect((await firstRow.locator('td').first().innerText()).trim()).toBe('1');
    expect((await firstRow.locator('td').nth(2).innerText()).trim()).toMatch(SHORT_DATE);
    await firstRow.getByRole('button', { name: /^Edit FAQ: / }).waitFor();
    await firstRow.getByRole('button', { name: /^Delete FAQ: / }).waitFor();

    // Added: the popup takes a question and its answer.
    await page.getByRole('button', { name: '+ Add FAQ' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add FAQ' });
    const question = `How do I change my pickup point ${unique()}?`;
    await addDialog.getByLabel('Question').fill(question);
    await addDialog
      .getByLabel('Description')
      .fill('Open the trip, tap the pickup address and drag the pin before the driver arrives.');
    await toastAfter(page, 'FAQ added successfully.', () =>
      addDialog.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    await addDialog.waitFor({ state: 'hidden' });

    // The newest comes first, dated today; the page stays full.
    const added = rows(page, 'FAQ list').filter({ hasText: question });
    await added.waitFor();
    expect((await faqs()).total).toBe(before + 1);
    expect(await rows(page, 'FAQ list').count()).toBe(perPage);
    expect(await rows(page, 'FAQ list').first().innerText()).toContain(question);
    expect((await added.locator('td').nth(2).innerText()).trim()).toMatch(SHORT_DATE);

    // Edit: the popup comes prefilled with the entry.
    await added.getByRole('button', { name: `Edit FAQ: ${question}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit FAQ' });
    expect(await editDialog.getByLabel('Question').inputValue()).toBe(question);
    const edited = `${question} (edited)`;
    await editDialog.getByLabel('Question').fill(edited);
    await editDialog.getByLabel('Description').fill('Tap Edit pickup on the trip screen.');
    await toastAfter(page, 'FAQ updated successfully.', () =>
      editDialog.getByRole('button', { name: 'Update' }).click(),
    );
    await editDialog.waitFor({ state: 'hidden' });
    const editedRow = rows(page, 'FAQ list').filter({ hasText: edited });
    await editedRow.waitFor();
    expect(await editedRow.innerText()).toContain('Tap Edit pickup on the trip screen.');

    // Delete: Cancel keeps it; Confirm Delete removes it on the server.
    await editedRow.getByRole('button', { name: `Delete FAQ: ${edited}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete FAQ' });
    await confirm.getByText('Are you sure you want to delete this Question?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await editedRow.count()).toBe(1);

    await editedRow.getByRole('button', { name: `Delete FAQ: ${edited}` }).click();
    confirm = page.getByRole('dialog', { name: 'Delete FAQ' });
    await toastAfter(page, 'Deleted successfully.', () =>
      confirm.getByRole('button', { name: 'Confirm Delete' }).click(),
    );
    await confirm.waitFor({ state: 'hidden' });
    await editedRow.waitFor({ state: 'detached' });

    // Gone for good: not back after a reload.
    await page.reload();
    await tableSettled(page, 'FAQ list');
    expect((await faqs()).total).toBe(before);
    expect(await page.getByText(question).count()).toBe(0);
  });

  walk(
    'a coupon is added, suspended, and deleted',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(HTTP_ERROR_LOG);
      await page.setViewportSize(SCREEN);
      const token = await signInByApi(page, baseUrl, admin, '/coupon');
      await page.getByRole('heading', { name: 'Coupon List' }).waitFor();
      await tableSettled(page, 'Coupon List');

      const table = page.getByRole('table', { name: 'Coupon List' });
      expect(await table.locator('thead th').allInnerTexts()).toEqual([
        '#',
        'Coupon Details',
        'Coupon Code',
        'Percentage',
        'Active',
        'Action',
      ]);
      // The demo's eight coupons fit on one page: no pager.
      const before = await rows(page, 'Coupon List').count();
      expect(before).toBeGreaterThanOrEqual(5);
      expect(await page.getByTestId('table-pagination').count()).toBe(0);
      expect(
        (await rows(page, 'Coupon List').first().locator('td').nth(3).innerText()).trim(),
      ).toMatch(/^\d{1,3}%$/);

      // Added: title, a code, a percentage and a description.
      await page.getByRole('button', { name: '+ Add Coupon' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Coupon' });
      const code = `E2E${unique()}`.toUpperCase();
      await dialog.getByLabel('Title').fill('Weekend rides');
      await dialog.getByLabel('Coupon Code').fill(code);
      await dialog.getByLabel('Coupon Percentage').fill('15');
      await dialog
        .getByLabel('Description')
        .fill('Fifteen percent off rides on Saturday and Sunday.');
      await toastAfter(page, 'Coupon added successfully.', () =>
        dialog.getByRole('button', { name: 'Add', exact: true }).click(),
      );
      await dialog.waitFor({ state: 'hidden' });

      const row = rows(page, 'Coupon List').filter({ hasText: code });
      await row.waitFor();
      expect(await rows(page, 'Coupon List').count()).toBe(before + 1);
      const cells = await row.locator('td').allInnerTexts();
      expect(cells[1]).toContain('Weekend rides');
      expect(cells[1]).toContain('Fifteen percent off rides on Saturday and Sunday.');
      expect(cells[2]?.trim()).toBe(code);
      expect(cells[3]?.trim()).toBe('15%');

      // Suspend: the Active switch (on while usable), asked first, saved on the
      // server, still off after a reload; then on again.
      const name = `Active status of coupon ${code}`;
      const toggle = row.getByRole('switch', { name });
      expect(await toggle.isChecked()).toBe(true);
      const ask = page.getByRole('dialog', { name: 'Deactivate' });
      const suspend = async (message: string) => {
        await toggle.click({ force: true });
        await toastAfter(page, message, () =>
          ask.getByRole('button', { name: 'Deactivate' }).click(),
        );
        await ask.waitFor({ state: 'hidden' });
      };

      // A refusal puts the switch back and says why.
      await page.route('**/taxi-service/admin/coupon-status', (route) =>
        route.fulfill({
          status: 404,
          json: { status: false, message: 'Coupon not found.', data: null },
        }),
      );
      await suspend('Coupon not found.');
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await page.unroute('**/taxi-service/admin/coupon-status');

      // The switch waits while its call and the list's refresh are under way.
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await suspend('Coupon status updated successfully.');
      expect(await toggle.isChecked()).toBe(false);
      const saved = async () => {
        const { body } = await callApi(baseUrl, 'coupon-list', token);
        return (body as { data: Coupon[] }).data.find((c) => c.coupon_code === code)
          ?.suspend_status;
      };
      expect(await saved()).toBe(1);
      await page.reload();
      await tableSettled(page, 'Coupon List');
      const reloaded = rows(page, 'Coupon List')
        .filter({ hasText: code })
        .getByRole('switch', { name });
      expect(await reloaded.isChecked()).toBe(false);
      await expect.poll(() => reloaded.isEnabled()).toBe(true);
      await reloaded.click({ force: true });
      await page
        .getByRole('dialog', { name: 'Activate' })
        .getByRole('button', { name: 'Activate' })
        .click();
      await expect.poll(saved).toBe(0);
      expect(await reloaded.isChecked()).toBe(true);

      // Delete: asked first, then gone from the server.
      await rows(page, 'Coupon List')
        .filter({ hasText: code })
        .getByRole('button', { name: `Delete coupon ${code}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete Coupon' });
      await confirm.getByText('Are you sure you want to delete this coupon code?').waitFor();
      await toastAfter(page, 'Deleted successfully.', () =>
        confirm.getByRole('button', { name: 'Confirm Delete' }).click(),
      );
      await rows(page, 'Coupon List').filter({ hasText: code }).waitFor({ state: 'detached' });
      await page.reload();
      await tableSettled(page, 'Coupon List');
      expect(await rows(page, 'Coupon List').count()).toBe(before);
      expect(await saved()).toBeUndefined();
    },
  );
});
