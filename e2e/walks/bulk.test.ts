import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  apiGet,
  describeWalks,
  type Paged,
  signInByApi,
  toastAfter,
  sessionByApi,
} from '../support/browser';

interface Ride {
  id: number;
}
interface Person {
  id: number;
  name: string;
  company: { id: number } | null;
}
interface Vehicle {
  id: number;
  license_number: string;
}

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

/** Waits until a list has rows (or says it has none) and no request is under way. */
async function settled(page: Page) {
  await expect
    .poll(async () => (await page.locator('tbody tr td').count()) > 1 || (await empty(page)))
    .toBe(true);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}
const empty = (page: Page) =>
  page.getByTestId('table-empty').filter({ hasText: 'No Records Found' }).isVisible();

/** CSV lines, honouring quoted line breaks. */
function csvRows(text: string): string[] {
  const rows: string[] = [];
  let row = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === '\n' && !quoted) {
      rows.push(row.replace(/\r$/, ''));
      row = '';
    } else row += char;
  }
  if (row !== '') rows.push(row);
  return rows;
}

describe('work in bulk', () => {
  const walk = describeWalks();

  walk('the filtered trips export whole as a CSV file', async ({ page, baseUrl, admin }) => {
    await page.setViewportSize(DESKTOP);
    const query = 'ride_status=Complete&sort=-amount';
    const token = await signInByApi(page, baseUrl, admin, `/trip?${query}`);
    await settled(page);
    const expected = await apiGet<Paged<Ride>>(baseUrl, token, `ride-list?${query}&per_page=1`);
    expect(expected.total).toBeGreaterThan(10);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^trips-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await file.path(), 'utf8');

    // Excel's byte-order mark, the header in English, then every trip matching, dearest first.
    expect(text.startsWith('\uFEFF"Trip ID","Trip date",')).toBe(true);
    const [header, ...rows] = csvRows(text.slice(1));
    expect(header).toContain('Trip ID');
    expect(rows).toHaveLength(expected.total);
    expect(rows[0]!.split(',')[0]).toBe(String(expected.data[0]!.id));
    // The progress is gone once the file is saved; the button is back.
    await page.getByRole('button', { name: 'Export' }).waitFor();

    // A slow export (its answer held here) shows its progress, on a phone too, until cancelled.
    await page.setViewportSize(PHONE);
    await page.route(/format=csv/, () => undefined);
    await page.getByRole('button', { name: 'Export' }).click();
    const progress = page.getByTestId('export-progress');
    await progress.getByRole('status').filter({ hasText: 'Exporting… 0 rows' }).waitFor();
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Export' }).waitFor();
    // Cancelled is not failed: no error toast.
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  walk(
    'all pending drivers of a company are rejected at once, with one reason',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await sessionByApi(page, baseUrl, admin);
      // The company with the most drivers waiting.
      const pending = await apiGet<Paged<Person>>(
        baseUrl,
        token,
        'driver-list?approval=Pending&per_page=100',
      );
      const counts = new Map<number, number>();
      for (const driver of pending.data) {
        if (driver.company) counts.set(driver.company.id, (counts.get(driver.company.id) ?? 0) + 1);
      }
      const [companyId] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
      const mine = await apiGet<Paged<Person>>(
        baseUrl,
        token,
        `driver-list?approval=Pending&company_id=${companyId}&per_page=100`,
      );
      const total = mine.total;
      expect(total).toBeGreaterThan(1);

      // Every driver waiting, ten a page: the whole page, then all matching, across pages.
      await page.goto('/driver?approval=Pending');
      await settled(page);
      const table = page.getByRole('table', { name: 'Driver List' });
      const pageBox = table.getByRole('checkbox', { name: 'Select all on this page' });
      await pageBox.check();
      const banner = page.getByTestId('selection-banner');
      await banner.getByText('All 10 on this page are selected.').waitFor();
      await banner
        .getByRole('button', { name: `Select all ${pending.total} matching this filter` })
        .click();
      await page.getByTestId('bulk-bar').getByText(`${pending.total} selected`).waitFor();

      // Filtered by the company: a fresh list, nothing selected.
      await page.goto(`/driver?approval=Pending&company_id=${companyId}`);
      await settled(page);
      expect(await page.getByTestId('bulk-bar').count()).toBe(0);
      await pageBox.check();
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText(`${total} selected`).waitFor();

      // Approving goes through the review desk; rejecting is done here, with one reason.
      await bar.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Reject ${total} drivers?` });
      await dialog.getByText(`This changes ${total} drivers.`, { exact: false }).waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Documents not legible.');
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      const result = dialog.getByTestId('bulk-result');
      await result.getByText(`Changed: ${total}`).waitFor();
      await result.getByText('Failed: 0').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      // None of the company's drivers waits any more, on the screen and on the server.
      await page.getByTestId('table-empty').filter({ hasText: 'No Records Found' }).waitFor();
      // Nothing stays selected: the bar that counted them is gone.
      expect(await bar.count()).toBe(0);
      const after = await apiGet<Paged<Person>>(
        baseUrl,
        token,
        `driver-list?approval=Pending&company_id=${companyId}`,
      );
      expect(after.total).toBe(0);
    },
    120_000,
  );

  walk('a saved view reopens from its link', async ({ page, context, baseUrl, admin }) => {
    await page.setViewportSize(DESKTOP);
    const query = 'per_page=25&sort=name&approval=Approved&hide=contact';
    await signInByApi(page, baseUrl, admin, `/driver?page=2&${query}`);
    await settled(page);
    const table = page.getByRole('table', { name: 'Driver List' });
    // The hidden column is off the table, and its box cleared in Columns.
    expect(await table.locator('thead th').filter({ hasText: 'Contact' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Columns/ }).click();
    expect(await page.getByRole('checkbox', { name: 'Contact' }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name of the view').fill('Approved drivers by name');
    await toastAfter(page, 'View saved.', () =>
      dialog.getByRole('button', { name: 'Save', exact: true }).click(),
    );

    await page.getByRole('button', { name: 'Views' }).click();
    const link = page.getByRole('link', { name: 'Approved drivers by name' });
    const href = await link.getAttribute('href');
    // The view keeps the filters, sort, page size and hidden columns, not the page.
    expect(href).toBe(`/driver?${query.replace(',', '%2C')}`);

    // A fresh page opened on the link shows the same list.
    const fresh = await context.newPage();
    await fresh.setViewportSize(DESKTOP);
    await fresh.goto(href!);
    await settled(fresh);
    const reopened = fresh.getByRole('table', { name: 'Driver List' });
    expect(await reopened.locator('thead th').filter({ hasText: 'Contact' }).count()).toBe(0);
    expect(
      await reopened.locator('thead th').filter({ hasText: 'Name' }).getAttribute('aria-sort'),
    ).toBe('ascending');
    await expect
      .poll(() => fresh.locator('input[aria-label="Approval"]').inputValue())
      .toBe('Approved');
    expect(await fresh.getByLabel('Rows per page').inputValue()).toBe('25');
    await fresh.close();
  });

  walk('Ctrl+K finds a vehicle by its plate and opens it', async ({ page, baseUrl, admin }) => {
    await page.setViewportSize(DESKTOP);
    const token = await signInByApi(page, baseUrl, admin, '/');
    await page.getByRole('button', { name: 'Search records and screens' }).waitFor();
    const vehicles = await apiGet<Paged<Vehicle>>(baseUrl, token, 'vehicle-list');
    const vehicle = vehicles.data[0]!;

    await page.keyboard.press('Control+K');
    const search = page.getByRole('textbox', { name: 'Search records and screens' });
    await search.waitFor();
    await search.pressSequentially(vehicle.license_number);
    const hit = page.getByRole('button', { name: new RegExp(vehicle.license_number) });
    await hit.first().waitFor();
    await search.press('Enter');
    await page.waitForURL(`**/vehicle-detail/${vehicle.id}`);
    await page.getByText(vehicle.license_number).first().waitFor();

    // A screen by its name, without a call: Enter opens the first match.
    await page.keyboard.press('Control+K');
    await search.pressSequentially('audit');
    await page.getByRole('button', { name: 'Audit log' }).waitFor();
    await search.press('Enter');
    await page.waitForURL('**/audit-log');
  });
});
