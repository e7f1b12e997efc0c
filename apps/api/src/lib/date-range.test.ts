import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import type { Db } from '../db/client';
import { totalsWithin, withinRange } from './date-range';
import { allOf, rowsOf } from './sql';

/** The hourly rows of the test, from 2026-03-01 to 2026-04-30, each of amount 1. */
const hours = (where: SQL) => sql`
  select count(*)::int as n, count(*)::numeric as amount
  from generate_series(timestamptz '2026-03-01 00:00Z', timestamptz '2026-04-30 23:00Z',
                       interval '1 hour') r(at)
  where ${where}`;

/** One row a day for the daily table (24 hours each), one row an hour for the rows. */
const source = {
  at: sql`r.at`,
  daily: (where: SQL) => sql`
    select count(*)::int * 24 as n, count(*)::numeric * 24 as amount
    from generate_series(date '2026-03-01', date '2026-04-30', interval '1 day') g(day)
    where ${where}`,
  rows: hours,
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

  it('sums every range exactly, reading no more than 12 hours of rows at either end', async () => {
    const { db } = await createTestDatabase();
    const zones = [
      'UTC',
      'America/New_York',
      'Asia/Tokyo',
      'Asia/Kathmandu',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ];
    const ranges = [
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-03-08', to: '2026-03-08' },
      { from: '2026-03-10', to: '2026-03-11' },
      { from: '2026-04-02' },
      { to: '2026-03-20' },
    ];
    for (const tz of zones) {
      for (const dates of ranges) {
        const range = { ...dates, tz };
        const read: SQL[] = [];
        const totals = await totalsWithin(db, range, {
          ...source,
          rows: (where) => (read.push(where), hours(where)),
        });
        const within = withinRange(sql`r.at`, range);
        const [expected] = await rowsOf<{ n: number }>(db, hours(allOf(within)));
        const hoursRead = await Promise.all(
          read.map(async (where) => (await rowsOf<{ n: number }>(db, hours(where)))[0]!.n),
        );
        const label = JSON.stringify(range);
        expect(totals, label).toEqual({ n: expected!.n, amount: String(expected!.n) });
        for (const end of hoursRead) expect(end, label).toBeLessThanOrEqual(12);
      }
    }
  });

  it('reads a month in New York as whole UTC days, less 5 hours, and 4 hours of rows', async () => {
    const { db } = await createTestDatabase();
    const read: SQL[] = [];
    const march = { from: '2026-03-01', to: '2026-03-31', tz: 'America/New_York' };
    const totals = await totalsWithin(db, march, {
      ...source,
      rows: (where) => (read.push(where), hours(where)),
    });
    expect(totals.n).toBe(31 * 24 - 1);
    // March 1 begins at 05:00 UTC there, so that UTC day is read whole less
    // its first 5 hours; April 1 begins at 04:00 UTC (summer time), so the
    // rows of those 4 hours are added.
    const hoursRead = await Promise.all(
      read.map(async (where) => (await rowsOf<{ n: number }>(db, hours(where)))[0]!.n),
    );
    expect(hoursRead).toEqual([5, 4]);
  });
});
