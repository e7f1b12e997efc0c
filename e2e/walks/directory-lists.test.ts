import { describe, expect } from 'vitest';
import { describeWalks, signInByApi } from '../support/browser';

describe('the generic list', () => {
  const walk = describeWalks();

  walk('a search with no match says "No Records Found"', async ({ page, baseUrl, admin }) => {
    await signInByApi(page, baseUrl, admin, '/company?search=zz%25_no-such-company');
    await page.getByTestId('table-empty').filter({ hasText: 'No Records Found' }).waitFor();
    expect(await page.getByTestId('table-pagination').count()).toBe(0);
  });

  walk(
    'a failed list keeps the server message',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(/Failed to load resource: the server responded with a status of 400/);
      // A search longer than the contract allows: the server refuses it.
      await signInByApi(page, baseUrl, admin, `/user?search=${'x'.repeat(120)}`);
      const error = page.getByTestId('table-error');
      await error.waitFor();
      expect(await error.innerText()).toMatch(/Search must be at most 100 characters/);
    },
  );
});
