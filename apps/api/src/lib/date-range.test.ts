import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import type { Db } from '../db/client';
import { totalsWithin } from './date-range';

/** One row a day for the daily table, one row an hour for the rows, from 2026-03-01 to 2026-04-30. */
const source = {
  at: sql`r.at`,
  daily: (where: SQL) => sql`
    select count(*)::int * 24 as n, 0::numeric as amount
    from generate_series(date '2026-03-01', date '2026-04-30', interval '1 day') g(day)
    where ${where}`,
  rows: (where: SQL) => sql`
    select count(*)::int as n, 0::numeric as amount
    from generate_series(timestamptz '2026-03-01 00:00Z', timestamptz '2026-04-30 23:00Z',
                         interval '1 hour') r(at)
    where ${where}`,
};

describe('totalsWithin (a date range over a daily table)', () => {
  it('asks PostgreSQL for the cuts of a range once, then keeps them', async () => {
    const database = await createTestDatabase();
    let statements = 0;
    const db = new Proxy(database.db, {
      get(target, name, receiver) {
        if (name !== 'execute') return Reflect.get(target, name, receiver);
        return (query: SQL) => {
          statements++;
          return target.execute(query);
        };
      },
    }) as Db;
    const march = { from: '2026-03-01', to: '2026-03-31', tz: 'America/New_York' };

    const first = await totalsWithin(db, march, source);
    expect(statements).toBe(2);
    // March in New York: 31 days of 24 hours less the hour of the change to summer time.
    expect(first.n).toBe(31 * 24 - 1);

    expect(await totalsWithin(db, march, source)).toEqual(first);
    expect(statements).toBe(3);

    // Another zone is another range.
    const utc = await totalsWithin(db, { ...march, tz: 'UTC' }, source);
    expect(utc.n).toBe(31 * 24);
    expect(statements).toBe(5);
  });
});
