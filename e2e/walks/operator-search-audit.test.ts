import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { API, apiGet, describeWalks, inApp, type Paged, sessionByApi } from '../support/browser';
import { artifactsDir } from '../support/paths';

/*
 * Issue 45, points 4, 6 and 7: what a first-day operations lead met when they
 * searched for a caller, asked the audit log who did something, and trusted
 * the bell.
 */

interface Person {
  id: number;
  name: string;
  phone: string | null;
  company_name?: string | null;
}
interface Vehicle {
  id: number;
  license_number: string;
}

const shots = join(artifactsDir, 'operator-search-audit');
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** Waits until a list has rows and no request is under way. */
async function settledRows(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await expect.poll(() => rows.first().locator('td').count()).toBeGreaterThan(1);
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  return rows;
}

/** Types a search into a list's box and waits for the list to show only what it found. */
async function searchList(page: Page, table: string, term: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(term);
  return settledRows(page, table);
}

async function apiPost(baseUrl: string, token: string, path: string, body: unknown) {
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
  return ((await response.json()) as { data: unknown }).data;
}

/** A select's input, by its accessible name (Mantine's combobox input). */
const select = (page: Page, name: string) => page.locator(`input[aria-label="${name}"]`);

/** "7171573947" as callers paste it: "(717) 157-3947", "+1 717-157-3947", "717.157.3947". */
const pasted = (digits: string) => [
  `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
  `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
];

describe('operator search and audit (issue 45)', () => {
  const walk = describeWalks();

  walk(
    'a phone number pasted as written finds the passenger, the company and the trips; a plate typed without its dash finds the vehicle; Ctrl+K opens the palette from a search box',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      // Demo records, stored as the seed writes them (ten digits, a plate with a
      // dash); walks before this one on the same server add others.
      const tenDigits = (person: Person) => /^\d{10}$/.test(person.phone ?? '');
      const passenger = (
        await apiGet<Paged<Person>>(baseUrl, token, 'user-list?user_type=User&per_page=100')
      ).data.find(tenDigits);
      const company = (
        await apiGet<Paged<Person>>(baseUrl, token, 'user-list?user_type=Company&per_page=100')
      ).data.find(tenDigits);
      const vehicle = (
        await apiGet<Paged<Vehicle>>(baseUrl, token, 'vehicle-list?per_page=100')
      ).data.find((v) => /^[A-Z]+-\d+$/.test(v.license_number));
      expect(passenger && company && vehicle, 'demo records to search for').toBeTruthy();

      await page.goto('/user');
      await settledRows(page, 'User List');
      for (const term of pasted(passenger!.phone!)) {
        const rows = await searchList(page, 'User List', term);
        await expect.poll(() => rows.count()).toBe(1);
        await expect.poll(() => rows.first().innerText()).toContain(passenger!.name);
      }
      await shoot(page, 'search-phone-passengers-desktop');

      await inApp(page, '/company', 'Company List');
      await settledRows(page, 'Company List');
      const companyRows = await searchList(page, 'Company List', pasted(company!.phone!)[0]!);
      await expect.poll(() => companyRows.count()).toBe(1);

      await inApp(page, '/trip', 'Overall Trips');
      await settledRows(page, 'Overall Trips');
      const tripRows = await searchList(page, 'Overall Trips', pasted(passenger!.phone!)[1]!);
      // Every trip listed is the caller's (the list before the search had others).
      await expect
        .poll(async () => {
          const texts = await tripRows.allInnerTexts();
          return texts.length > 0 && texts.every((text) => text.includes(passenger!.name));
        })
        .toBe(true);

      const typed = vehicle!.license_number.replace('-', '').toLowerCase();
      await inApp(page, '/vehicle', 'Vehicle List');
      await settledRows(page, 'Vehicle List');
      const vehicleRows = await searchList(page, 'Vehicle List', typed);
      await expect.poll(() => vehicleRows.count()).toBe(1);
      await expect.poll(() => vehicleRows.first().innerText()).toContain(vehicle!.license_number);

      // Ctrl+K from inside the search box opens the palette, which forgives as the lists do.
      await page.getByRole('searchbox', { name: 'Search' }).focus();
      await page.keyboard.press('Control+K');
      const palette = page.getByRole('textbox', { name: 'Search records and screens' });
      await expect.poll(() => palette.isVisible()).toBe(true);
      await palette.fill(pasted(passenger!.phone!)[2]!);
      await expect
        .poll(() => page.getByRole('button', { name: new RegExp(passenger!.name) }).count())
        .toBeGreaterThan(0);
      await shoot(page, 'search-phone-palette-desktop');
      await palette.fill(typed);
      await expect
        .poll(() => page.getByRole('button', { name: new RegExp(vehicle!.license_number) }).count())
        .toBe(1);
      await page.keyboard.press('Escape');

      // On a phone the list is cards: the one found, and its count.
      await page.setViewportSize(PHONE);
      await inApp(page, '/user', 'User List');
      await page.getByText('Showing 1 - ').first().waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill(pasted(passenger!.phone!)[0]!);
      await page.getByText('1 user', { exact: true }).waitFor();
      await page.getByText(passenger!.name).first().waitFor();
      await shoot(page, 'search-phone-passengers-phone');
    },
    120_000,
  );

  walk(
    'the audit log answers who deactivated a company: named as a company, found by its name and kind, in the words of its History tab, in Arabic too',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      const companies = await apiGet<Paged<Person & { status: string }>>(
        baseUrl,
        token,
        // Only an approved company's status can change.
        'user-list?user_type=Company&status=Active&approval=Approved&per_page=1',
      );
      const company = companies.data[0]!;
      const name = company.company_name || company.name;
      await apiPost(baseUrl, token, 'status-update', {
        id: company.id,
        table: 'users',
        status: 'Inactive',
      });
      try {
        await page.goto(`/audit-log?table=companies&search=${encodeURIComponent(name)}`);
        const rows = await settledRows(page, 'Audit log');
        const entry = rows.filter({ hasText: 'Changed a status' }).first();
        await expect.poll(() => entry.innerText()).toContain(`Company ${name}`);
        const text = await entry.innerText();
        expect(text).toContain('Status: Active → Inactive');
        expect(text).toMatch(/\d{2}:\d{2} (AM|PM)/);
        expect(text).not.toContain('Person #');
        await expect.poll(() => select(page, 'Record kind').inputValue()).toBe('Companies');
        // The action filter names each action once.
        await select(page, 'Action').click();
        const options = await page.getByRole('option').allInnerTexts();
        expect(options.length).toBeGreaterThan(20);
        expect(new Set(options).size).toBe(options.length);
        await page.keyboard.press('Escape');
        await shoot(page, 'audit-company-desktop');

        // The History tab of the company says the same, with the time of day.
        await inApp(page, `/company-detail/${company.id}`, 'Company Detail');
        await page.getByRole('tab', { name: 'History' }).click();
        const history = page.getByRole('tabpanel', { name: 'History' });
        await history.getByText('Changed a status').first().waitFor();
        await expect.poll(() => history.innerText()).toContain('Status: Active → Inactive');
        expect(await history.innerText()).toMatch(/\d{2}:\d{2} (AM|PM)/);
        await shoot(page, 'audit-history-tab-desktop');

        // In Arabic the words are Arabic and the arrow points the way the line reads.
        await page.evaluate(() => window.localStorage.setItem('setLanguage', 'ar'));
        await page.setViewportSize(PHONE);
        await page.goto(`/audit-log?table=companies&search=${encodeURIComponent(name)}`);
        await page.getByText(`شركة ${name}`).first().waitFor();
        await page.getByText('الحالة: نشط ← غير نشط').first().waitFor();
        await shoot(page, 'audit-company-phone-ar');
      } finally {
        await apiPost(baseUrl, token, 'status-update', {
          id: company.id,
          table: 'users',
          status: 'Active',
        });
      }
    },
    120_000,
  );

  walk(
    'my own cancellation does not raise my bell; I mute a kind in the bell, and it stays muted',
    async ({ page, baseUrl, admin }) => {
      const token = await sessionByApi(page, baseUrl, admin);
      await apiPost(baseUrl, token, 'notification-read', { all: true });
      await page.goto('/');
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

      const rides = await apiGet<Paged<{ id: number; ride_status: string }>>(
        baseUrl,
        token,
        'ride-list?page=1&per_page=100',
      );
      const ride = rides.data.find(
        (r) => r.ride_status === 'Pending' || r.ride_status === 'Accept',
      );
      expect(ride, 'the demo data has a trip to cancel').toBeTruthy();
      await apiPost(baseUrl, token, 'ride-cancel', { ride_id: ride!.id, reason: 'Booked twice' });
      const listed = await apiGet<{
        data: { title: string; read_at: string | null }[];
        unread_count: number;
      }>(baseUrl, token, 'notification');
      expect(listed.data[0]).toMatchObject({ title: 'Trip cancelled' });
      expect(listed.data[0]!.read_at).not.toBeNull();
      expect(listed.unread_count).toBe(0);
      await page.reload();
      await bell.click();
      const dropdown = page.getByRole('dialog', { name: 'Notification' });
      await dropdown.getByText('Trip cancelled').first().waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Notifications');

      // Mute the cancelled trips: saved on the server, still muted after a reload. Muted kinds
      // are the Owner's on this server: whatever happens, the walk leaves none muted for the
      // walks after it.
      const mutedKinds = async () =>
        (await apiGet<{ muted_kinds: string[] }>(baseUrl, token, 'notification-settings'))
          .muted_kinds;
      try {
        await dropdown.getByRole('button', { name: 'Mute notifications' }).click();
        const muteCancelled = dropdown.getByRole('checkbox', { name: 'Cancelled trips' });
        await expect.poll(() => muteCancelled.isEnabled()).toBe(true);
        // Clicked as a person does; the box follows the saved settings (it turns at once,
        // while the change is saved, and stays so).
        await muteCancelled.click();
        await expect.poll(() => muteCancelled.isChecked()).toBe(true);
        await expect.poll(mutedKinds).toEqual(['trip_cancelled']);
        await shoot(page, 'notifications-mute-desktop');
        await page.setViewportSize(PHONE);
        await page.reload();
        await bell.click();
        await dropdown.getByRole('button', { name: 'Mute notifications' }).click();
        await expect.poll(() => muteCancelled.isChecked()).toBe(true);
        await shoot(page, 'notifications-mute-phone');
        await muteCancelled.click();
        await expect.poll(() => muteCancelled.isChecked()).toBe(false);
        await expect.poll(mutedKinds).toEqual([]);
      } finally {
        await apiPost(baseUrl, token, 'notification-settings-update', { muted_kinds: [] });
      }
    },
    120_000,
  );
});
