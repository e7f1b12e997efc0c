import { TRANSACTION_SORTS, transactionList } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema';
import { createRide } from '../../../test/builders';
import { signedInApp } from '../../../test/helper';
import { everyPage, expectSorts, expectUnknownSortRefused, idsSortedBy } from '../../../test/lists';

/** Payments around midnight UTC and New York, by card and cash, with ties on amount and time. */
async function setup() {
  const { database, call } = await signedInApp();
  const paid = [
    ['10.00', 'Card', '2024-01-31T23:00:00Z'],
    ['20.50', 'Cash', '2024-02-01T00:00:00Z'],
    ['20.50', 'Card', '2024-02-01T04:59:59Z'],
    ['7.25', 'Card', '2024-02-01T05:00:00Z'],
    ['99.99', 'Wallet', '2024-02-15T12:00:00Z'],
    ['12.00', 'Cash', '2024-02-29T23:59:59Z'],
    ['1.00', 'Card', '2024-03-01T04:00:00Z'],
    ['30.00', 'Card', '2024-03-01T05:00:00Z'],
    ['30.00', 'Cash', '2024-03-01T05:00:00Z'],
  ] as const;
  for (const [amount, paymentMethod, at] of paid) {
    const ride = await createRide(database, { rideStatus: 'Pending', amount });
    await database.db.insert(transactions).values({
      transactionId: `TXN-${ride.id}`,
      rideId: ride.id,
      amount,
      paymentMethod,
      createdAt: new Date(at),
    });
  }
  return { database, call };
}

type Payment = { id: number; amount: number; payment_method: string; created_at: string };

describe('sorting the sales', () => {
  it('sorts by date and amount, ties by id, newest first by default', async () => {
    const { call } = await setup();
    await expectSorts(call, transactionList, {}, TRANSACTION_SORTS);
    await expectUnknownSortRefused(call, transactionList, {}, TRANSACTION_SORTS, 'payment_method');
  });
});

describe('filtering the sales', () => {
  it('keeps the days of the time zone and the method, with the count and sum of all of them', async () => {
    const { call } = await setup();
    const all = (await everyPage(call, transactionList, {})) as Payment[];
    const time = (p: Payment) => Date.parse(p.created_at);
    // February 2024 in New York (UTC-5): from 05:00 UTC on Feb 1 to 05:00 UTC on Mar 1.
    const newYorkFebruary = (p: Payment) =>
      time(p) >= Date.parse('2024-02-01T05:00:00Z') && time(p) < Date.parse('2024-03-01T05:00:00Z');
    const utcFebruary = (p: Payment) =>
      time(p) >= Date.parse('2024-02-01T00:00:00Z') && time(p) < Date.parse('2024-03-01T00:00:00Z');
    const cases: [Record<string, unknown>, (p: Payment) => boolean][] = [
      [{}, () => true],
      [{ from: '2024-02-01', to: '2024-02-29' }, utcFebruary],
      [{ from: '2024-02-01', to: '2024-02-29', tz: 'America/New_York' }, newYorkFebruary],
      [
        { from: '2024-02-01', tz: 'Asia/Kolkata' },
        (p) => time(p) >= Date.parse('2024-01-31T18:30:00Z'),
      ],
      [
        { to: '2024-02-01', tz: 'America/New_York' },
        (p) => time(p) < Date.parse('2024-02-02T05:00:00Z'),
      ],
      [{ payment_method: 'Card' }, (p) => p.payment_method === 'Card'],
      [
        { payment_method: 'Cash', from: '2024-02-01', to: '2024-02-29', tz: 'America/New_York' },
        (p) => p.payment_method === 'Cash' && newYorkFebruary(p),
      ],
      [{ payment_method: 'Cheque' }, () => false],
    ];
    for (const [query, keep] of cases) {
      const kept = all.filter(keep);
      const cents = kept.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
      for (const sort of [undefined, '-amount', 'created_at']) {
        const field = sort?.replace('-', '') ?? 'created_at';
        const descending = sort === undefined || sort.startsWith('-');
        const asked = sort ? { ...query, sort } : query;
        const found = await everyPage(call, transactionList, asked);
        expect(
          found.map((p) => p.id),
          JSON.stringify(asked),
        ).toEqual(idsSortedBy(kept, field, descending));
        const first = (await call(transactionList, { ...asked, per_page: 1 })).body.data;
        expect(first, JSON.stringify(asked)).toMatchObject({
          total: kept.length,
          total_exact: true,
          total_amount: cents / 100,
        });
      }
    }
  });

  it('keeps its totals exact through payments added, moved and deleted', async () => {
    const { database, call } = await setup();
    const totals = async () => {
      const data = (
        await call(transactionList, { from: '2024-02-01', to: '2024-02-29', tz: 'Asia/Tokyo' })
      ).body.data;
      return [data.total, data.total_amount];
    };
    const counted = async () => {
      const [row] = await database.rows<{ n: number; s: string }>(
        sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as s from transactions
            where created_at >= '2024-01-31T15:00:00Z' and created_at < '2024-02-29T15:00:00Z'`,
      );
      return [row!.n, Number(row!.s)];
    };
    expect(await totals()).toEqual(await counted());
    await database.rows(
      sql`update transactions set created_at = created_at + interval '20 hours', amount = amount + 1`,
    );
    expect(await totals()).toEqual(await counted());
    await database.rows(sql`delete from transactions where payment_method = 'Cash'`);
    expect(await totals()).toEqual(await counted());
  });

  it('refuses bad dates, zones and methods with field errors', async () => {
    const { call } = await setup();
    const refused = async (query: Record<string, unknown>, field: string, message: string) => {
      const res = await call(transactionList, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ status: false, message, data: { errors: { [field]: message } } });
    };
    await refused(
      { to: '2024-04-31' },
      'to',
      'to must be a date written YYYY-MM-DD, such as 2025-01-31.',
    );
    await refused({ from: '2024-03-02', to: '2024-03-01' }, 'to', 'to must be on or after from.');
    await refused(
      { tz: 'GMT+1' },
      'tz',
      'tz must be an IANA time zone name, such as Europe/Madrid.',
    );
    await refused(
      { payment_method: 'x'.repeat(51) },
      'payment_method',
      'payment_method must be at most 50 characters.',
    );
  });
});
