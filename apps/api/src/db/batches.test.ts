import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';

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
});
