import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { arrayLiteral } from '../lib/sql';
import { rowsOf } from './common';

type Definition = { name: string; table: string; definition: string };

/** The app_flags key of an index a load left to build (see withoutIndexes): `seed-index/<table>/<index>`. */
const PENDING = 'seed-index/';
const pendingKey = (index: Definition) => `${PENDING}${index.table}/${index.name}`;

/** Index builds sort in memory: 256 MB builds the trigram index of a million rides in about
 * half the time of the 64 MB default, and stays well inside PGlite's 2 GB heap. */
const BUILD_MEMORY = sql`set local maintenance_work_mem = '256MB'`;

/**
 * Runs `load` with the secondary indexes and foreign keys of `tables` dropped,
 * as PostgreSQL's "Populating a Database" advises: one sort per index instead
 * of a million insertions into it, and one join per foreign key instead of a
 * lookup per row. Primary keys stay (other tables' foreign keys need them).
 * In the caller's transaction the foreign keys and unique indexes come back,
 * so they check every loaded row before it commits; the other indexes are
 * recorded as pending (app_flags), to be built after the commit by
 * buildPendingIndexes on several connections at once, as `pg_restore --jobs`
 * does: they check nothing, so building them later loses nothing, and a
 * build that fails stays pending for the next one.
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
  await tx.execute(BUILD_MEMORY);
  const unique = indexes.filter((index) => index.definition.startsWith('CREATE UNIQUE'));
  for (const index of unique) await tx.execute(sql.raw(index.definition));
  for (const fk of foreignKeys) {
    await tx.execute(
      sql`alter table ${sql.identifier(fk.table)} add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.definition)}`,
    );
  }
  for (const index of indexes.filter((i) => !unique.includes(i))) {
    await tx.execute(
      sql`insert into app_flags (key, value) values (${pendingKey(index)}, ${index.definition})`,
    );
  }
  log(
    `checked ${foreignKeys.length} foreign keys and ${unique.length} unique indexes, ` +
      `${indexes.length - unique.length} indexes to build ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return result;
}

/**
 * Builds every index a load left pending (withoutIndexes), the biggest first,
 * on `jobs` connections at once (one on PGlite, which has one). Each build
 * and the removal of its pending mark commit together: an index is built or
 * still pending, whatever stops the run.
 */
export async function buildPendingIndexes(
  database: Database,
  log: (msg: string) => void = () => {},
  jobs = database.kind === 'postgres' ? 2 : 1,
): Promise<void> {
  // The trigram (GIN) builds cannot use parallel workers and take longest: they start first.
  const pending = await database.rows<{ key: string; definition: string }>(
    sql`select f.key, f.value as definition
        from app_flags f left join pg_class c on c.oid = to_regclass(split_part(f.key, '/', 2))
        where f.key like ${PENDING + '%'}
        order by f.value like '% USING gin %' desc, coalesce(c.reltuples, 0) desc, f.key`,
  );
  if (!pending.length) return;
  const started = Date.now();
  const queue = [...pending];
  const failures: unknown[] = [];
  const jobsUsed = Math.min(jobs, pending.length);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { key, definition } = next;
      // One that fails stays pending; the others are still built.
      await database.db
        .transaction(async (tx) => {
          await tx.execute(BUILD_MEMORY);
          // The connections already keep the cores busy: a B-tree's parallel workers would
          // only take turns with the other builds, the trigram one (which cannot use them)
          // the longest. The 29 indexes of a million rides, alternately: 31 s with them, 22-24 without.
          if (jobsUsed > 1) await tx.execute(sql`set local max_parallel_maintenance_workers = 0`);
          await tx.execute(sql.raw(definition));
          await tx.execute(sql`delete from app_flags where key = ${key}`);
        })
        .catch((err: unknown) => failures.push(err));
    }
  };
  await Promise.all(Array.from({ length: jobsUsed }, worker));
  if (failures.length) throw failures[0];
  log(
    `built ${pending.length} indexes on ${jobsUsed} connections ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
