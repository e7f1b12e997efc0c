import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRide, createUser } from '../../test/builders';
import type { Database } from '../db/client';
import { createTestDatabase, schemaOf } from '../../test/helper';
import { buildPendingIndexes, withoutIndexes } from './bulk-load';

const TABLES = ['users', 'rides', 'transactions'];

describe('withoutIndexes', () => {
  it('loads with the secondary indexes and foreign keys gone, then restores every one', async () => {
    const database = await createTestDatabase();
    const before = await schemaOf(database.db, TABLES);
    expect(before.some((d) => d.includes('gin_trgm_ops'))).toBe(true);
    expect(before.some((d) => d.includes('FOREIGN KEY'))).toBe(true);

    let during: string[] = [];
    await database.db.transaction(async (tx) => {
      await withoutIndexes(tx, TABLES, async () => {
        during = await schemaOf(tx, TABLES);
        await tx.execute(
          sql`insert into users (role, name, email) values ('User', 'Loaded Rider', 'loaded@example.test')`,
        );
      });
    });
    expect(during.some((d) => d.includes('gin_trgm_ops') || d.includes('FOREIGN KEY'))).toBe(false);
    // Primary keys stay: other tables' foreign keys point at them.
    expect(during.filter((d) => d.includes('PRIMARY KEY'))).toHaveLength(3);

    // Committed with its foreign keys and unique indexes back, the other indexes pending.
    const committed = await schemaOf(database.db, TABLES);
    expect(committed.filter((d) => d.includes('FOREIGN KEY'))).toEqual(
      before.filter((d) => d.includes('FOREIGN KEY')),
    );
    expect(committed.some((d) => d.includes('gin_trgm_ops'))).toBe(false);
    const pending = await pendingIndexes(database);
    expect(pending.length).toBe(before.filter((d) => /^CREATE INDEX/.test(d)).length);

    await buildPendingIndexes(database);
    expect(await schemaOf(database.db, TABLES)).toEqual(before);
    expect(await pendingIndexes(database)).toEqual([]);

    // The rebuilt indexes hold the loaded row: the trigram search finds it.
    const [found] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from users where deleted_at is null and search ilike '%loaded rider%'`,
    );
    expect(found?.n).toBe(1);
  });

  it('checks the loaded rows when the foreign keys come back, and then changes nothing', async () => {
    const database = await createTestDatabase();
    const rider = await createUser(database);
    await createRide(database, { userId: rider.id });
    const before = await schemaOf(database.db, TABLES);
    const load = database.db.transaction(async (tx) => {
      await withoutIndexes(tx, TABLES, async () => {
        await tx.execute(
          sql`insert into rides (user_id, amount, pickup_address, drop_address)
              values (2147483000, 10, 'Nowhere', 'Nowhere')`,
        );
      });
    });
    await expect(load).rejects.toThrow();
    expect(await schemaOf(database.db, TABLES)).toEqual(before);
    expect(await pendingIndexes(database)).toEqual([]);
    const [rides] = await database.rows<{ n: number }>(sql`select count(*)::int as n from rides`);
    expect(rides?.n).toBe(1);
  });

  it('builds every pending index it can and leaves one that fails pending for the next run', async () => {
    const database = await createTestDatabase();
    const before = await schemaOf(database.db, TABLES);
    await database.db.transaction(async (tx) => {
      await withoutIndexes(tx, TABLES, async () => {});
      await tx.execute(
        sql`insert into app_flags (key, value)
            values ('seed-index/rides/rides_broken_idx', 'CREATE INDEX rides_broken_idx ON rides (no_such_column)')`,
      );
    });
    await expect(buildPendingIndexes(database)).rejects.toThrow(/no_such_column/);
    expect(await schemaOf(database.db, TABLES)).toEqual(before);
    expect(await pendingIndexes(database)).toEqual(['seed-index/rides/rides_broken_idx']);
  });
});

async function pendingIndexes(database: Database): Promise<string[]> {
  const rows = await database.rows<{ key: string }>(
    sql`select key from app_flags where key like 'seed-index/%' order by key`,
  );
  return rows.map((row) => row.key);
}
