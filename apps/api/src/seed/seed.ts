import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  advanceSequences,
  insertCoupons,
  insertLookups,
  insertNotifications,
  insertSupports,
  rowsOf,
  settleDocuments,
  timed,
  type Lookups,
  type SeedContext,
} from './common';
import { seedDemo } from './demo';
import { buildPendingIndexes, withoutIndexes } from './bulk-load';
import { splitSeededTrips } from './splits';

/**
 * A scale of seed data: its name, and what fills its people, vehicles and
 * rides in the seed's transaction once the lookups are in (answering the
 * image files it wrote). The demo is here, for the server's first start; the
 * generated benchmark scales are in large.ts, which only the seed command
 * imports, so the server never loads them.
 */
export type SeedScale = {
  name: 'demo' | 'small' | 'large';
  populate: (tx: Tx, lookups: Lookups, context: SeedContext) => Promise<number>;
};

/** About 500 users and 3,000 rides, each record with its own images. */
export const DEMO_SCALE: SeedScale = { name: 'demo', populate: seedDemo };

export type SeedOptions = {
  scale: SeedScale;
  /** Upload root: images go under `<uploadDir>/seed/`, rows store `seed/...`. */
  uploadDir: string;
  log?: (msg: string) => void;
  /** The moment every date is relative to; fix it to get identical databases. */
  now?: Date;
};

export type SeedSummary = {
  scale: SeedScale['name'];
  imageFiles: number;
  /** Rows per table after seeding; users split by role. */
  counts: Record<string, number>;
};

/** The tables the seeder fills (lookups included) and --reset empties. */
const MARKETPLACE_TABLES = [
  'users',
  'vehicles',
  'document_expiries',
  'notes',
  'driver_vehicles',
  'rides',
  'transactions',
  'coupons',
  'faqs',
  'notifications',
  'service_types',
  'vehicle_types',
  'brands',
  'models',
  'colors',
] as const;

/**
 * Fills an empty marketplace with deterministic fake data: the same scale and
 * `now` always give the same rows. The rows are one transaction, so a failed
 * seed leaves them as they were; the generated scales' indexes are built after
 * it, several at once (bulk-load.ts), and a seed stopped then builds them next time.
 */
export async function seed(database: Database, options: SeedOptions): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const context: SeedContext = {
    now,
    uploadDir: options.uploadDir,
    log: options.log ?? (() => {}),
  };
  let imageFiles = 0;
  // A seed stopped while building its indexes left some pending: they come first.
  await buildPendingIndexes(database, context.log);
  await database.db.transaction(async (tx) => {
    await assertEmpty(tx);
    const lookups = await insertLookups(tx);
    imageFiles = await options.scale.populate(tx, lookups, context);
    await insertSupports(tx, now);
    await insertCoupons(tx, now);
    await insertCommissionRules(tx, now);
    // The seeded Complete trips are split as a completing trip is (issue 48), all at once in SQL
    // (splits.ts). The splits, sets and entries are loaded without their secondary indexes and
    // foreign keys, as the rides were, and the entries without their per-insert check (it
    // counts each set's entries through ledger_entries_set_idx): the load's sets are checked
    // at once after it.
    await withoutIndexes(tx, ['ride_splits', 'ledger_sets', 'ledger_entries'], async () => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
      // The trips were loaded by this transaction, which statistics have not seen: the split's
      // joins are planned from them.
      await timed(context.log, 'statistics of the trips', () =>
        tx.execute(sql`analyze rides, transactions, vehicles, ride_events`),
      );
      await timed(context.log, 'trip splits and their ledger', () => splitSeededTrips(tx));
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
      await timed(context.log, 'ledger sets checked', () => checkLedgerSets(tx));
    });
    await settleDocuments(tx, now);
    await insertNotifications(tx, now);
    await advanceSequences(tx);
  });
  await buildPendingIndexes(database, context.log);
  // PGlite never vacuums by itself, and fresh statistics keep the list plans right.
  await timed(context.log, 'vacuum analyze', () => database.rows(sql`vacuum analyze`));
  return { scale: options.scale.name, imageFiles, counts: await countRows(database) };
}

/**
 * A commission rule for each service type, from two years before `now`:
 * the platform 20%, the company 10%, the driver the rest (issue 48). And from
 * 180 days before `now`, an override for one company (the one with the most
 * completed trips): the platform 15%, the company 12.5%, so its trips before
 * then are split by the service type's rule and those after by its own.
 */
async function insertCommissionRules(tx: Tx, now: Date): Promise<void> {
  const daysBefore = (days: number) =>
    new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  await tx.execute(
    sql`insert into commission_rules (service_type_id, percent, company_percent, starts_on)
        select id, 20, 10, ${daysBefore(2 * 365)}::date from service_types`,
  );
  await tx.execute(
    sql`insert into commission_rules (service_type_id, company_id, percent, company_percent, starts_on)
        select s.id, c.company_id, 15, 12.5, ${daysBefore(180)}::date
        from service_types s,
          (select company_id from rides where ride_status = 'Complete' and company_id is not null
           group by company_id order by count(*) desc, company_id limit 1) c
        order by s.id`,
  );
}

/**
 * What the trigger ledger_entries_balanced (migration 0045) checks of each insert, checked of
 * every set at once: each sums to zero and was written by one insert. A row's `cmin` is the
 * command (statement) of its transaction that inserted it, so a set's entries written by two
 * statements have two. Throws naming the first set that fails.
 */
export async function checkLedgerSets(tx: Tx): Promise<void> {
  const [bad] = await rowsOf<{ set_id: string; total: string; one_insert: boolean }>(
    tx,
    sql`select set_id::text, sum(amount)::text as total,
          min(cmin::text::bigint) = max(cmin::text::bigint) as one_insert
        from ledger_entries group by set_id
        having sum(amount) <> 0 or min(cmin::text::bigint) <> max(cmin::text::bigint)
        order by set_id limit 1`,
  );
  if (!bad) return;
  throw new Error(
    bad.one_insert
      ? `ledger set ${bad.set_id} sums to ${bad.total}, not zero`
      : `ledger set ${bad.set_id} has entries written by another statement: a set is written by one insert`,
  );
}

/** Refuses to mix seeded rows into a marketplace that already has users or lookups. */
async function assertEmpty(tx: Tx): Promise<void> {
  const [found] = await rowsOf<{ users: number; lookups: number }>(
    tx,
    sql`select (select count(*) from users)::int as users,
               ((select count(*) from service_types) + (select count(*) from vehicle_types)
                + (select count(*) from brands) + (select count(*) from colors))::int as lookups`,
  );
  if (found && (found.users > 0 || found.lookups > 0)) {
    throw new Error(
      `seed: the marketplace is not empty (${found.users} users, ${found.lookups} lookup rows); ` +
        'seeding needs an empty one: run the seeder with --reset to empty it first',
    );
  }
}

async function countRows(database: Database): Promise<Record<string, number>> {
  const [byRole] = await database.rows<Record<string, number>>(
    sql`select count(*) filter (where role = 'Company')::int as companies,
               count(*) filter (where role = 'Driver')::int as drivers,
               count(*) filter (where role = 'User')::int as passengers
        from users`,
  );
  const counts: Record<string, number> = { ...byRole };
  for (const table of MARKETPLACE_TABLES) {
    const [row] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/**
 * Empties the marketplace (and its audit trail, whose record ids would point
 * at the wrong rows afterwards); admins and their sessions stay. TRUNCATE
 * fires no row or statement delete triggers, so the counters are rebuilt.
 */
export async function resetMarketplace(database: Database): Promise<void> {
  const money = [
    'commission_rules',
    'ride_splits',
    'ledger_entries',
    'ledger_sets',
    'ledger_balances',
    'money_daily',
    'money_requests',
  ];
  const tables = [...MARKETPLACE_TABLES, ...money, 'user_stats', 'audit_log'].map((table) =>
    sql.identifier(table),
  );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`truncate ${sql.join(tables, sql`, `)} restart identity cascade`);
    await tx.execute(sql`select recount_counters()`);
  });
}
