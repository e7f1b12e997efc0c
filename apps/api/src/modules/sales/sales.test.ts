import { transactionList, urlOf } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { createRide, createUser } from '../../../test/builders';
import { bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';

describe('transaction', () => {
  async function withSales(count: number) {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const passenger = await createUser(database);
    for (let i = 0; i < count; i++) {
      await createRide(database, {
        userId: passenger.id,
        amount: `${10 + i}.25`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
    }
    const headers = bearer(await signIn(app));
    const get = (query: string) =>
      app.inject({ url: `${urlOf(transactionList)}${query}`, headers });
    return { get };
  }

  it('pages payments newest first with exact totals', async () => {
    const { get } = await withSales(12);

    const first = (await get('?page=1')).json();
    expect(first.status).toBe(true);
    expect(first.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.data.data).toHaveLength(10);
    expect(first.data.data[0]).toMatchObject({ amount: 21.25, payment_method: 'Card' });
    expect(first.data.data[0].created_at).toBe('2025-01-12T00:00:00.000Z');

    const second = (await get('?page=2')).json().data;
    expect(second.data.map((t: { amount: number }) => t.amount)).toEqual([11.25, 10.25]);

    const beyond = (await get('?page=9')).json().data;
    expect(beyond).toMatchObject({ data: [], current_page: 9, last_page: 2, total: 12 });
    expect((await get('?per_page=5&page=3')).json().data.data).toHaveLength(2);
  });
});
