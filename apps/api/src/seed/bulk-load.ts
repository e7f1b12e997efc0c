import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { arrayLiteral } from '../lib/sql';
import { rowsOf } from './common';

type Definition = { name: string; table: string; definition: string };

/**
 * Runs `load` with the secondary indexes and foreign keys of `tables` dropped,
 * then builds them again from their own definitions, as PostgreSQL's
 * "Populating a Database" advises: one sort per index instead of a million
 * insertions into it, and one join per foreign key instead of a lookup per
 * row. Primary keys stay (other tables' foreign keys need them). Everything
 * happens in the caller's transaction: a failed load leaves the schema as it
 * was, and the rebuilt constraints check every loaded row.
 */
export async function withoutIndexes<T>(
  tx: Tx,
  tables: readonly string[],
  load: () => Promise<T>,
  log: (msg: string) => void = () => {},
): Promise<T> {
  const list = arrayLiteral(tables);
  const indexes = await rowsOf<Definition>(
    tx,
    sql`select i.indexname as name, i.tablename as table, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any(${list}::text[])
          and not exists (select 1 from pg_constraint c
                          where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
        order by i.indexname`,
  );
  const foreignKeys = await rowsOf<Definition>(
    tx,
    sql`select c.conname as name, c.conrelid::regclass::text as table,
               pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
        where c.contype = 'f' and c.conrelid::regclass::text = any(${list}::text[])
        order by c.conname`,
  );
  for (const fk of foreignKeys) {
    await tx.execute(
      sql`alter table ${sql.identifier(fk.table)} drop constraint ${sql.identifier(fk.name)}`,
    );
  }
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);

  const result = await load();

  const started = Date.now();
  // Index builds sort in memory: 256 MB builds the trigram index of a million rides in about
  // half the time of the 64 MB default, and stays well inside PGlite's 2 GB heap.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  for (const fk of foreignKeys) {
    await tx.execute(
      sql`alter table ${sql.identifier(fk.table)} add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.definition)}`,
    );
  }
  log(
    `rebuilt ${indexes.length} indexes and ${foreignKeys.length} foreign keys ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return result;
}
