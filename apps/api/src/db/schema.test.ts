import { getTableName, isTable, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { rowsOf } from '../lib/sql';
import * as schema from './schema';

describe('the migrated database', () => {
  it('has exactly the tables the schema declares: none left behind that nothing uses', async () => {
    const database = await createTestDatabase();
    const rows = await rowsOf<{ name: string }>(
      database.db,
      sql`select tablename::text as name from pg_tables where schemaname = current_schema()`,
    );
    const declared = Object.values(schema)
      .filter((value) => isTable(value))
      .map((table) => getTableName(table));

    expect(rows.map((row) => row.name).sort()).toEqual(declared.sort());
    expect(declared).not.toContain('push_subscriptions');
  });

  it('vacuums the trips, people and vehicles after 1% of them change, not 20%: every walk reads the newest', async () => {
    const database = await createTestDatabase();
    const tables = await rowsOf<{ name: string; options: string[] }>(
      database.db,
      sql`select relname::text as name, reloptions as options from pg_class
          where relname in ('rides', 'users', 'vehicles') and relkind = 'r' order by relname`,
    );
    expect(tables.map((table) => table.name)).toEqual(['rides', 'users', 'vehicles']);
    for (const table of tables) {
      expect(table.options, table.name).toEqual(
        expect.arrayContaining([
          'autovacuum_vacuum_scale_factor=0.01',
          'autovacuum_vacuum_insert_scale_factor=0.01',
        ]),
      );
    }
  });
});
