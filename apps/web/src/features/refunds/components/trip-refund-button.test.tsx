import {
  getProfile,
  moneyRequestList,
  moneySettings,
  rideSplit,
  type MoneyRequest,
} from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { me, pageOf } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { TripRefundButton } from './trip-refund-button';

const request = (id: number, status: MoneyRequest['status'], amount: string): MoneyRequest => ({
  id,
  kind: 'refund',
  status,
  ride_id: 3001,
  company_id: null,
  driver_id: null,
  party_name: null,
  amount,
  reason: 'Charged twice',
  threshold: '10.00',
  maker_id: 2,
  maker_name: 'Finance Colleague',
  approver_id: null,
  approver_name: null,
  created_at: '2026-11-28T10:00:00.000Z',
  approved_at: null,
  decided_by: null,
  decided_by_name: null,
  decided_at: null,
  decision_reason: null,
});

describe("a case's refund outcome (the trip's Refund button)", () => {
  it('offers what the passenger paid less the refunds approved or waiting, not those rejected or withdrawn', async () => {
    const refunds = [
      request(1, 'approved', '3.00'),
      request(2, 'pending', '11.00'),
      request(3, 'rejected', '11.00'),
      request(4, 'withdrawn', '5.00'),
    ];
    server.use(
      answer(getProfile, me()),
      answer(moneySettings, { approval_threshold: '10.00' }),
      answer(rideSplit, {
        ride_id: 3001,
        gross: '50.40',
        coupon_discount: '2.00',
        platform_commission: '10.08',
        company_share: '8.06',
        driver_share: '32.26',
        cash_collected: false,
        rule_id: 1,
        percent: '20.00',
        company_percent: '20.00',
        completed_at: '2026-11-28T09:00:00.000Z',
      }),
      answer(
        moneyRequestList,
        pageOf((n) => refunds[n - 1]!, 1, 50, refunds.length),
      ),
    );
    const { user } = renderScreen(<TripRefundButton rideId={3001} onRefunded={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund trip #3001' });
    // Paid 48.40, less 3.00 approved and 11.00 waiting.
    expect(within(dialog).getByText(/^Up to \$34\.40 of what the passenger paid/)).toBeTruthy();
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('34.40');
  });
});
