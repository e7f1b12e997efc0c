import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { openDatabase } from './client';

const numbers = (n: number) => sql`select g as n from generate_series(1, ${n}) g order by g`;

describe('Database.batches (the exports’ reader)', () => {
  it('yields every row in order, batch by batch', async () => {
    const database = await createTestDatabase();
    const sizes: number[] = [];
    const seen: number[] = [];
    for await (const batch of database.batches<{ n: number }>(numbers(2500), 1000)) {
      sizes.push(batch.length);
      seen.push(...batch.map((row) => Number(row.n)));
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(seen).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
  });

  it('frees its connection when the reader stops early (a client that went away)', async () => {
    const database = await createTestDatabase();
    // More early stops than the test pool has connections (4): a leaked one would hang here.
    for (let i = 0; i < 6; i++) {
      for await (const batch of database.batches<{ n: number }>(numbers(100_000), 10)) {
        expect(batch).toHaveLength(10);
        break;
      }
    }
    const [row] = await database.rows<{ n: number }>(sql`select 1 as n`);
    expect(row?.n).toBe(1);
    if (database.kind === 'postgres') {
      const open = await database.rows<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like '%generate_series%'
              and state <> 'idle' and pid <> pg_backend_pid()`,
      );
      expect(open[0]?.n).toBe(0);
    }
  }, 30_000);

  it('reads on past the statement timeout: a read takes as long as its client', async () => {
    const base = await createTestDatabase();
    let database = base;
    if (base.kind === 'postgres') {
      // The same database with a short statement_timeout, as production sets one.
      const [row] = await base.rows<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      database = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 300 });
    }
    try {
      // Each batch takes 0.2 s, the whole read 0.8 s: more than the timeout.
      const slow = sql`select g as n, pg_sleep(0.1)::text as slept from generate_series(1, 8) g`;
      const seen: number[] = [];
      for await (const batch of database.batches<{ n: number }>(slow, 2)) {
        seen.push(...batch.map((row) => Number(row.n)));
      }
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const [after] = await database.rows<{ timeout: string }>(
        sql`select current_setting('statement_timeout') as timeout`,
      );
      if (database !== base) expect(after?.timeout).toBe('300ms');
    } finally {
      if (database !== base) await database.close();
    }
  });
});
