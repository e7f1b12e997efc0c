import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiGet, describeWalks, type Paged, signInByApi } from '../support/browser';

interface Person {
  id: number;
  name: string;
  email: string;
}

/** The names of a list's rows: the cells after the row's selection box and its number. */
function firstCells(page: Page, table: string) {
  return page
    .getByRole('table', { name: table })
    .locator('tbody tr td:nth-child(3)')
    .allInnerTexts();
}

async function settled(page: Page) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

describe('the generic list', () => {
  const walk = describeWalks();

  walk('search waits 2 s after typing, then asks for page 1', async ({ page, baseUrl, admin }) => {
    // The page's clock is ours: the 2 s are counted, not waited for.
    await page.clock.install();
    const token = await signInByApi(page, baseUrl, admin, '/user?page=2');
    const all = await apiGet<Paged<Person>>(baseUrl, token, 'user-list?user_type=User&page=3');
    const target = all.data[0]!;
    const expected = await apiGet<Paged<Person>>(
      baseUrl,
      token,
      `user-list?user_type=User&search=${encodeURIComponent(target.email)}`,
    );

    await page.getByRole('table', { name: 'User List' }).locator('tbody tr').nth(9).waitFor();
    await settled(page);
    const before = await firstCells(page, 'User List');
    expect(before).not.toContain(target.name);

    // The lists asked for from now on.
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/user-list')) asked.push(url);
    });

    // Time stands still while the address is typed, then moves on by hand.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.pressSequentially(target.email, { delay: 10 });
    expect(await box.inputValue()).toBe(target.email);

    // Within the 2 s: no request yet, the page and the URL unchanged.
    await page.clock.runFor(1999);
    expect(asked).toEqual([]);
    expect(new URL(page.url()).searchParams.get('search')).toBeNull();
    expect(await firstCells(page, 'User List')).toEqual(before);
    // ...and the box says a search is on its way.
    const pending = page.getByRole('status', { name: 'Search pending' });
    expect(await pending.count()).toBe(1);

    // At 2 s (the clock still stopped) page 1 of the search: in the URL, and asked for.
    await page.clock.runFor(1);
    await page.waitForURL((url) => url.searchParams.get('search') === target.email);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await pending.count()).toBe(0);
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(asked.map((url) => url.searchParams.get('search'))).toEqual(
      asked.map(() => target.email),
    );
    expect(asked.map((url) => url.searchParams.get('page'))).toEqual(asked.map(() => '1'));
    await page.clock.resume();
    await settled(page);
    await expect
      .poll(() => firstCells(page, 'User List'))
      .toEqual(expected.data.map((u) => expect.stringContaining(u.name)));

    // A reload keeps the search; clearing it brings the whole list back.
    await page.reload();
    await settled(page);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(target.email);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((u) => !u.searchParams.has('search'));
    await page.getByRole('table', { name: 'User List' }).locator('tbody tr').nth(9).waitFor();
  });

  walk('a search with no match says "No Records Found"', async ({ page, baseUrl, admin }) => {
    await signInByApi(page, baseUrl, admin, '/company?search=zz%25_no-such-company');
    await page.getByTestId('table-empty').filter({ hasText: 'No Records Found' }).waitFor();
    expect(await page.getByTestId('table-pagination').count()).toBe(0);
  });

  walk('the page lives in the URL: reload and back keep it', async ({ page, baseUrl, admin }) => {
    const token = await signInByApi(page, baseUrl, admin, '/driver');
    const first = await apiGet<Paged<Person>>(baseUrl, token, 'driver-list');
    const third = await apiGet<Paged<Person>>(baseUrl, token, 'driver-list?page=3');
    expect(first.last_page).toBeGreaterThan(3);

    await page.getByText(`Showing 1 - ${first.last_page}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Page 3', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.getByText(`Showing 3 - ${first.last_page}`, { exact: true }).waitFor();
    await settled(page);
    await expect
      .poll(() => firstCells(page, 'Driver List'))
      .toEqual(third.data.map((d) => expect.stringContaining(d.name)));
    // Row numbers (after the selection box) continue across pages.
    expect(
      await page
        .getByRole('table', { name: 'Driver List' })
        .locator('tbody tr td:nth-child(2)')
        .first()
        .innerText(),
    ).toBe(String(2 * first.per_page + 1));

    await page.reload();
    await page.getByText(`Showing 3 - ${first.last_page}`, { exact: true }).waitFor();
    await settled(page);
    expect(await firstCells(page, 'Driver List')).toEqual(
      third.data.map((d) => expect.stringContaining(d.name)),
    );

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '4');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.getByText(`Showing 3 - ${first.last_page}`, { exact: true }).waitFor();

    // A filter goes back to page 1 and joins the URL.
    await page.locator('input[aria-label="Approval"]').click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('approval') === 'Pending' && !url.searchParams.has('page'),
    );
    // Only pending drivers remain: each row offers accept / reject, none a badge.
    const table = page.getByRole('table', { name: 'Driver List' });
    await expect.poll(() => table.getByTestId('approval-badge').count()).toBe(0);
    await settled(page);
    expect(await table.getByRole('button', { name: /^Approve / }).count()).toBeGreaterThan(0);
  });

  walk(
    'a failed list keeps the server message',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(/Failed to load resource: the server responded with a status of 400/);
      await signInByApi(page, baseUrl, admin, '/');
      // A search longer than the contract allows: the server refuses it.
      await page.goto(`/user?search=${'x'.repeat(120)}`);
      const error = page.getByTestId('table-error');
      await error.waitFor();
      expect(await error.innerText()).toMatch(/Search must be at most 100 characters/);
    },
  );
});
