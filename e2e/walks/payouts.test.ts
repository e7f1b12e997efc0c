import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { apiGet, describeWalks, signInByApi, sessionByApi } from '../support/browser';
import { colleague } from '../support/colleague';

const IBAN = 'DE89370400440532013000';

describe('payouts', () => {
  const walk = describeWalks();

  walk(
    'a Finance administrator drafts a batch; a second one approves it, downloads its bank file and marks it paid; the driver’s statement shows the payout',
    async ({ page, baseUrl, admin }) => {
      const owner = await sessionByApi(page, baseUrl, admin);
      const [maker, checker] = [
        await colleague(baseUrl, owner, 'Finance'),
        await colleague(baseUrl, owner, 'Finance'),
      ];
      // A seeded driver the platform owes at least the minimum (their trips' shares).
      const drivers = await apiGet<{ data: { id: number; name: string }[] }>(
        baseUrl,
        owner,
        'driver-list?per_page=50',
      );
      let driver: { id: number; name: string; balance: string } | undefined;
      for (const candidate of drivers.data) {
        const { balance } = await apiGet<{ balance: string }>(
          baseUrl,
          owner,
          `balance?driver_id=${candidate.id}`,
        );
        if (Number(balance) >= 10) {
          driver = { ...candidate, balance };
          break;
        }
      }
      if (!driver) throw new Error('no seeded driver is owed 10.00 or more');
      const money = Number(driver.balance).toLocaleString('en-US', { minimumFractionDigits: 2 });

      // The maker enters the driver's bank details on the driver's page.
      await signInByApi(page, baseUrl, maker, `/driver-detail/${driver.id}`);
      const bank = page.getByRole('heading', { name: 'Bank details for payouts' });
      await bank.waitFor();
      await page.getByRole('button', { name: 'Add bank details' }).click();
      const form = page.getByRole('dialog', { name: 'Bank details for payouts' });
      await form.getByLabel('Account holder').fill(driver.name);
      await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
      await form.getByLabel('BIC').fill('COBADEFFXXX');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00.').waitFor();
      await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.getByText(IBAN).waitFor();

      // ...drafts a batch, and may not approve it.
      await page.getByRole('link', { name: 'Payouts' }).click();
      await page.getByRole('button', { name: 'Draft a batch' }).click();
      await page.waitForURL(/\/payout-detail\/\d+$/);
      const batchUrl = new URL(page.url()).pathname;
      const payee = page.getByRole('row').filter({ hasText: driver.name });
      await payee.getByText('To pay').waitFor();
      await expect.poll(() => payee.innerText()).toContain(IBAN);
      await expect.poll(() => payee.innerText()).toContain(`$${money}`);
      await expect(page.getByRole('button', { name: 'Approve' }).isDisabled()).resolves.toBe(true);
      await page.getByText('You drafted this batch, so you cannot approve it').waitFor();

      // A second Finance administrator approves it and downloads the SEPA file.
      await signInByApi(page, baseUrl, checker, batchUrl);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved', { exact: true }).first().waitFor();
      await page.getByText('Finance Colleague ·').nth(1).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download SEPA XML (pain.001)' }).click(),
      ]);
      const xml = readFileSync((await download.path())!, 'utf8');
      expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
      expect(xml).toContain(`<IBAN>${IBAN}</IBAN>`);
      expect(xml).toContain(`<InstdAmt Ccy="EUR">${Number(driver.balance).toFixed(2)}</InstdAmt>`);
      await page.getByText('Exported', { exact: true }).first().waitFor();

      // The bank paid it: marked paid with its reference.
      await page.getByRole('button', { name: 'Mark paid' }).click();
      const mark = page.getByRole('dialog', { name: 'Mark the batch paid' });
      await mark.getByLabel('Bank reference').fill('BANK-E2E-1');
      await mark.getByRole('button', { name: 'Mark paid' }).click();
      await mark.waitFor({ state: 'hidden' });
      await page.getByText('Paid', { exact: true }).first().waitFor();
      await page.getByText('BANK-E2E-1').waitFor();

      // The driver's statement (their Earnings tab, this month) ends on the payout and closes at 0.
      await payee.getByRole('link', { name: driver.name }).click();
      await page.getByRole('tab', { name: 'Earnings' }).click();
      const earnings = page.getByTestId('earnings');
      await expect
        .poll(() => earnings.getByTestId('statement-closing').innerText())
        .toContain('$0.00');
      const lines = earnings.getByRole('table', { name: 'Lines' });
      const pages = earnings.getByTestId('table-pagination').getByRole('button');
      if ((await pages.count()) > 0) await pages.nth(-2).click(); // the last page, before "next"
      const payout = lines.getByRole('row').filter({ hasText: 'Payout' });
      await expect.poll(() => payout.innerText()).toContain(`-$${money}`);
    },
    180_000,
  );
});
