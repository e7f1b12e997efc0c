import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { preparedRowsOf, preparedStatements, rowsOf, textPreparedRowsOf } from './sql';

describe('preparedRowsOf (the detail calls’ statements)', () => {
  it('answers like any statement and, on PostgreSQL, leaves it prepared on its connection', async () => {
    const database = await createTestDatabase();
    const query = (id: number) => sql`select ${id}::int + 1 as n`;
    await database.db.transaction(async (tx) => {
      expect(await preparedRowsOf<{ n: number }>(tx, 'test_next', query(1))).toEqual([{ n: 2 }]);
      expect(await preparedRowsOf<{ n: number }>(tx, 'test_next', query(41))).toEqual([{ n: 42 }]);
      if (database.kind !== 'postgres') return;
      const held = await rowsOf<{ statement: string }>(
        tx,
        sql`select statement from pg_prepared_statements where name = 'test_next'`,
      );
      expect(held).toEqual([{ statement: 'select $1::int + 1 as n' }]);
    });
  });

  it('refuses a second text under a name it has prepared', async () => {
    const database = await createTestDatabase();
    await preparedRowsOf(database.db, 'test_once', sql`select 1 as n`);
    await expect(preparedRowsOf(database.db, 'test_once', sql`select 2 as n`)).rejects.toThrow(
      'prepared statement test_once: its text changed',
    );
  });

  it('names a statement after its text: one name for one text, whatever the values', async () => {
    const database = await createTestDatabase();
    const text = 'select $1::int * 2 as n';
    const query = (n: number) => sql`select ${n}::int * 2 as n`;
    await database.db.transaction(async (tx) => {
      expect(await textPreparedRowsOf<{ n: number }>(tx, query(2))).toEqual([{ n: 4 }]);
      expect(await textPreparedRowsOf<{ n: number }>(tx, query(21))).toEqual([{ n: 42 }]);
      expect([...preparedStatements].filter(([, known]) => known === text)).toEqual([
        [expect.stringMatching(/^t_[0-9a-f]{20}$/), text],
      ]);
      if (database.kind !== 'postgres') return;
      const held = await rowsOf<{ statement: string }>(
        tx,
        sql`select statement from pg_prepared_statements where name like 't\_%'`,
      );
      expect(held).toEqual([{ statement: text }]);
    });
  });
});
