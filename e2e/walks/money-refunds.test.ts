import { describe, expect } from 'vitest';
import {
  apiGet,
  apiPost,
  describeWalks,
  HTTP_401_LOG,
  signInByApi,
  toastAfter,
  type Paged,
  sessionByApi,
} from '../support/browser';
import { colleague } from '../support/colleague';

type Trip = { id: number; amount: string };
type Split = { gross: string; coupon_discount: string };

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Seeded completed trips of `min` dollars or more that nobody refunded yet. */
async function unrefunded(baseUrl: string, token: string, min: number) {
  const trips = await apiGet<Paged<Trip>>(
    baseUrl,
    token,
    `ride-list?ride_status=Complete&min_amount=${min}&per_page=50`,
  );
  const refunded = await apiGet<Paged<{ ride_id: number }>>(
    baseUrl,
    token,
    'money-request-list?kind=refund&per_page=100',
  );
  return trips.data.filter((t) => !refunded.data.some((r) => r.ride_id === t.id));
}

/** Walks `body` with refunds above 10.00 waiting for a second administrator, then sets the threshold back. */
async function aboveTen(baseUrl: string, ownerToken: string, body: () => Promise<void>) {
  const before = await apiGet<{ approval_threshold: string }>(
    baseUrl,
    ownerToken,
    'money-settings',
  );
  await apiPost(baseUrl, ownerToken, 'money-settings-save', { approval_threshold: '10.00' });
  try {
    await body();
  } finally {
    await apiPost(baseUrl, ownerToken, 'money-settings-save', before);
  }
}

describe('refunds with two people', () => {
  const walk = describeWalks();

  walk(
    'Finance refunds a trip above the threshold, a second administrator approves it, the trip detail shows it',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      // Signing one administrator in after another drops the first one's calls under way.
      allowConsoleError(HTTP_401_LOG);
      const ownerToken = await sessionByApi(page, baseUrl, admin);
      const finance = await colleague(baseUrl, ownerToken, 'Finance');
      // A seeded completed trip nobody refunded yet, of more than the threshold set below.
      const trip = (await unrefunded(baseUrl, ownerToken, 20))[0];
      if (!trip) throw new Error('no seeded completed trip of 20.00 or more left to refund');
      await aboveTen(baseUrl, ownerToken, async () => {
        // Finance opens the trip: its split, and Refund.
        await signInByApi(page, baseUrl, finance, `/trip-detail/${trip.id}`);
        const money = page.getByTestId('ride-money');
        await money.getByText('Driver share').waitFor();
        await page.getByRole('button', { name: 'Refund' }).click();
        const dialog = page.getByRole('dialog', { name: `Refund trip #${trip.id}` });
        await dialog.getByLabel('Amount ($)').fill('12.50');
        await dialog.getByLabel('Reason').fill('The driver took a long detour');
        await expect
          .poll(() => dialog.getByTestId('refund-approval-hint').innerText())
          .toContain('will wait for a second');
        await toastAfter(page, 'It waits for a second administrator', () =>
          dialog.getByRole('button', { name: 'Refund' }).click(),
        );
        const row = page
          .getByTestId('ride-refunds')
          .getByRole('listitem')
          .filter({ hasText: 'detour' });
        await row.getByText('Waiting for approval').waitFor();
        // Its maker cannot approve it: no Approve, but who must.
        await row.getByText('Needs a second administrator').waitFor();
        expect(await row.getByRole('button', { name: /approve request/i }).count()).toBe(0);

        // The Owner approves it from Approvals.
        await signInByApi(page, baseUrl, admin, '/approvals?status=pending');
        const waiting = page.getByRole('row', { name: new RegExp(`Refund of trip #${trip.id}`) });
        await waiting.getByText('$12.50').waitFor();
        await toastAfter(page, 'Approved.', () =>
          waiting.getByRole('button', { name: /approve request/i }).click(),
        );

        // The trip detail shows the refund approved, by the Owner.
        await page.goto(`/trip-detail/${trip.id}`);
        const approved = page
          .getByTestId('ride-refunds')
          .getByRole('listitem')
          .filter({ hasText: 'detour' });
        await approved.getByText('Approved', { exact: true }).waitFor();
        expect(await approved.innerText()).toContain('Finance Colleague');
        await expect.poll(() => page.getByTestId('ride-money').innerText()).toContain('$12.50');
      });
    },
  );

  walk(
    'a second administrator rejects a refund with a reason and its maker withdraws another: both free their amount',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      // Signing one administrator in after another drops the first one's calls under way.
      allowConsoleError(HTTP_401_LOG);
      const ownerToken = await signInByApi(page, baseUrl, admin, '/');
      const finance = await colleague(baseUrl, ownerToken, 'Finance');
      // A seeded completed trip nobody refunded yet whose passenger paid 25.00 or more.
      let trip: Trip | undefined;
      let paid = 0;
      for (const t of await unrefunded(baseUrl, ownerToken, 30)) {
        const split = await apiGet<Split>(baseUrl, ownerToken, `ride-split?ride_id=${t.id}`);
        paid = Number(split.gross) - Number(split.coupon_discount);
        if (paid >= 25) {
          trip = t;
          break;
        }
      }
      if (!trip) throw new Error('no seeded completed trip paid 25.00 or more left to refund');
      const owner = await apiGet<{ name: string }>(baseUrl, ownerToken, 'getProfile');
      await aboveTen(baseUrl, ownerToken, async () => {
        // Finance asks for two refunds of 11.00, each above the threshold: both wait.
        await signInByApi(page, baseUrl, finance, `/trip-detail/${trip.id}`);
        const dialog = page.getByRole('dialog', { name: `Refund trip #${trip.id}` });
        const refund = async (reason: string) => {
          await page.getByRole('button', { name: 'Refund' }).click();
          await dialog.getByLabel('Amount ($)').fill('11.00');
          await dialog.getByLabel('Reason').fill(reason);
          await toastAfter(page, 'It waits for a second administrator', () =>
            dialog.getByRole('button', { name: 'Refund' }).click(),
          );
        };
        const refunds = page.getByTestId('ride-refunds').getByRole('listitem');
        const toll = refunds.filter({ hasText: 'toll' });
        const waiting = refunds.filter({ hasText: 'waiting time' });
        await page.getByTestId('ride-money').getByText('Driver share').waitFor();
        await refund('Charged for the airport toll twice');
        await toll.getByText('Waiting for approval').waitFor();
        await refund('Charged for waiting time in error');
        await waiting.getByText('Waiting for approval').waitFor();
        // What is left to refund counts both waiting requests.
        await page.getByRole('button', { name: 'Refund' }).click();
        await expect
          .poll(() => dialog.innerText())
          .toContain(`Up to ${dollars(paid - 22)} of what the passenger paid`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });

        // Its maker withdraws the second, asked first.
        await waiting.getByRole('button', { name: /^Withdraw request \d+$/ }).click();
        const withdraw = page.getByRole('dialog', { name: 'Withdraw your request?' });
        await withdraw.getByText(`Refund of trip #${trip.id}, $11.00.`).waitFor();
        await toastAfter(page, 'Withdrawn.', () =>
          withdraw.getByRole('button', { name: 'Withdraw' }).click(),
        );
        await waiting.getByText('Withdrawn', { exact: true }).waitFor();
        expect(await waiting.innerText()).toContain('withdrawn by Finance Colleague');
        expect(await waiting.getByRole('button').count()).toBe(0);

        // The Owner rejects the first from Approvals, with a reason; only it waits there now.
        await signInByApi(page, baseUrl, admin, '/approvals?status=pending');
        const row = page.getByRole('row', { name: new RegExp(`Refund of trip #${trip.id}`) });
        await row.getByText('Charged for the airport toll twice').waitFor();
        expect(await row.count()).toBe(1);
        await row.getByRole('button', { name: /^Reject request \d+$/ }).click();
        const reject = page.getByRole('dialog', { name: 'Reject this request?' });
        // No reason, no rejection: the field says so.
        await reject.getByRole('button', { name: 'Reject' }).click();
        await reject.getByText('Please enter a reason.').waitFor();
        await reject.getByLabel('Why it is rejected').fill('The toll was charged once only');
        await toastAfter(page, 'Rejected.', () =>
          reject.getByRole('button', { name: 'Reject' }).click(),
        );
        await expect.poll(() => row.count()).toBe(0);

        // Its maker sees it rejected, by whom and why; nothing was refunded, and the whole
        // of what the passenger paid can be refunded again.
        await signInByApi(page, baseUrl, finance, `/trip-detail/${trip.id}`);
        await toll.getByText('Rejected', { exact: true }).waitFor();
        expect(await toll.innerText()).toContain(
          `rejected by ${owner.name}: The toll was charged once only`,
        );
        await waiting.getByText('Withdrawn', { exact: true }).waitFor();
        const money = page.getByTestId('ride-money');
        await expect.poll(() => money.innerText()).toMatch(/Refunded\s+\$0\.00/i);
        await page.getByRole('button', { name: 'Refund' }).click();
        await expect
          .poll(() => dialog.innerText())
          .toContain(`Up to ${dollars(paid)} of what the passenger paid`);
        expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe(paid.toFixed(2));
      });
    },
  );
});
