import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { API, apiGet, describeWalks, type Paged, signInByApi, toast } from '../support/browser';

interface Person {
  id: number;
  name: string;
  email: string;
  approval: string;
  documents: { document: string; expires_on: string | null }[];
}

const DESKTOP = { width: 1366, height: 860 };

async function post(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
}

/** The table's rows once it has loaded. */
async function loaded(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await rows.first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

/** The review screen of a record is open: its name is the heading. */
const onDesk = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 2 }).waitFor();

describe('operator approvals', () => {
  const walk = describeWalks();

  walk(
    'every screen that approves goes through the desk; an approval without dates is "Date missing"',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const token = await signInByApi(page, baseUrl, admin, '/');
      // From the end of the list: other walks take the first pending drivers.
      const pending = await apiGet<Paged<Person>>(
        baseUrl,
        token,
        'driver-list?approval=Pending&per_page=100',
      );
      expect(pending.data.length).toBeGreaterThan(12);
      const [plain, fromList, fromDetail] = pending.data.slice(-3);

      // The detail page's Approve opens the desk on the driver, which asks the expiry date.
      await page.goto(`/driver-detail/${fromDetail!.id}`);
      await page.getByRole('link', { name: 'Approve on the review desk' }).click();
      await onDesk(page, fromDetail!.name);
      await page.getByRole('button', { name: /^Approve/ }).click();
      await page.getByText('Please enter the expiry date.').waitFor();
      await page.getByLabel('Driver licence valid until').fill('2027-12-31');
      await page.getByRole('button', { name: /^Approve/ }).click();
      await toast(page, `Approved ${fromDetail!.name}.`).waitFor();
      const approved = await apiGet<Person>(
        baseUrl,
        token,
        `user-detail?user_id=${fromDetail!.id}`,
      );
      expect(approved.approval).toBe('Approved');
      expect(approved.documents).toMatchObject([
        { document: 'driver_licence', expires_on: '2027-12-31' },
      ]);

      // A list row's Approve opens the desk on that row's driver.
      await page.goto(`/driver?search=${encodeURIComponent(fromList!.email)}`);
      const rows = await loaded(page, 'Driver List');
      expect(await rows.count()).toBe(1);
      await rows.getByRole('link', { name: `Approve ${fromList!.name}` }).click();
      await onDesk(page, fromList!.name);
      await page.getByLabel('Driver licence valid until').waitFor();

      // Bulk Approve sends the rows picked to the desk, one after another.
      await page.goto('/driver?approval=Pending');
      const pendingRows = await loaded(page, 'Driver List');
      const names: string[] = [];
      for (const index of [0, 1]) {
        const box = pendingRows.nth(index).getByRole('checkbox');
        names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
        await box.check();
      }
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText('2 selected').waitFor();
      await bar.getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve 2 drivers?' });
      await dialog.getByText('the review desk opens on the 2 selected', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Open the review desk' }).click();
      await onDesk(page, names[0]!);
      await page.getByRole('link', { name: 'Back to the inbox' }).click();
      await page
        .getByTestId('named-records')
        .getByText('Records sent here from a list: 2.')
        .waitFor();
      const desk = await loaded(page, 'Review desk');
      expect(await desk.count()).toBe(2);
      for (const name of names) await desk.getByText(name, { exact: true }).waitFor();

      // SPEC's call without dates still approves; the document is then "Date missing".
      await post(baseUrl, token, 'approval-user', {
        id: plain!.id,
        table: 'users',
        approval: 'Approved',
      });
      await page.goto('/expiring-documents');
      const expiring = await loaded(page, 'Expiring documents');
      const row = expiring.filter({ hasText: plain!.name });
      await row.getByText('Date missing').waitFor();
      await row.getByText('Driver licence').waitFor();
    },
    120_000,
  );
});
