import {
  getProfile,
  payoutBatchDetail,
  type PayoutBatchDetail,
  type PayoutItem,
} from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { PayoutDetailPage } from './payout-detail-page';

const item = (party_id: number, overrides: Partial<PayoutItem> = {}): PayoutItem => ({
  party_id,
  kind: 'driver',
  name: `Driver ${party_id}`,
  state: 'blocked',
  amount: '25.00',
  iban: null,
  bic: null,
  holder: null,
  ...overrides,
});

const batch = (items: PayoutItem[], overrides: Partial<PayoutBatchDetail> = {}) => ({
  id: 7,
  period_end: '2026-11-27',
  status: 'approved' as const,
  minimum: '10.00',
  total: '1234.50',
  payees: 1,
  blocked: items.length - 1,
  owing: 0,
  drafted_by: { id: 2, name: 'Maker' },
  created_at: '2026-11-28T09:00:00.000Z',
  approved_by: { id: 3, name: 'Checker' },
  approved_at: '2026-11-28T10:00:00.000Z',
  exported_at: null,
  marked_by: null,
  marked_at: null,
  reference: null,
  items,
  ...overrides,
});

const PAYEE = item(1, {
  name: 'Ana Ruiz',
  state: 'pay',
  amount: '1234.50',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  holder: 'Ana Ruiz',
});

function open(items: PayoutItem[], url = '/payout-detail/7') {
  server.use(
    answer(getProfile, me({ id: 3, role: 'Finance' })),
    answer(payoutBatchDetail, batch(items)),
  );
  return renderScreen(<PayoutDetailPage />, { path: '/payout-detail/:id', url });
}

describe('a payout batch’s page', () => {
  it('counts a batch of 7 parties as 7, on one page', async () => {
    open([PAYEE, ...[2, 3, 4, 5, 6, 7].map((id) => item(id))]);
    const table = await screen.findByRole('table', { name: 'Payees and balances' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 7);
    expect(screen.getByTestId('table-total').textContent).toBe('7 parties');
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('pages a batch of 23 parties by ten: the last page holds the last 3', async () => {
    open(
      [PAYEE, ...Array.from({ length: 22 }, (_, i) => item(i + 2))],
      '/payout-detail/7?item_page=3',
    );
    const table = await screen.findByRole('table', { name: 'Payees and balances' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    expect(screen.getByTestId('table-total').textContent).toBe('23 parties');
    expect(screen.getByText('Showing 3 - 3')).toBeTruthy();
  });

  it('writes amounts in the app’s currency, and says the bank files are in euros', async () => {
    open([PAYEE]);
    const row = (await screen.findByText('Ana Ruiz', { selector: 'a' })).closest('tr')!;
    expect(row.textContent).toContain('$1,234.50');
    expect(document.body.textContent).not.toContain('€');
    expect(
      screen.getByText(
        'The bank files are in euros (EUR), as SEPA transfers always are: each amount is sent as the number shown here.',
      ),
    ).toBeTruthy();
  });
});
