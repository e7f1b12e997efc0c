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
      const trips = await apiGet<Paged<Trip>>(
        baseUrl,
        ownerToken,
        'ride-list?ride_status=Complete&min_amount=20&per_page=50',
      );
      const refunded = await apiGet<Paged<{ ride_id: number }>>(
        baseUrl,
        ownerToken,
        'money-request-list?kind=refund&per_page=100',
      );
      const trip = trips.data.find((t) => !refunded.data.some((r) => r.ride_id === t.id));
      if (!trip) throw new Error('no seeded completed trip of 20.00 or more left to refund');
      const before = await apiGet<{ approval_threshold: string }>(
        baseUrl,
        ownerToken,
        'money-settings',
      );
      await apiPost(baseUrl, ownerToken, 'money-settings-save', { approval_threshold: '10.00' });
      try {
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
      } finally {
        await apiPost(baseUrl, ownerToken, 'money-settings-save', before);
      }
    },
  );
});
