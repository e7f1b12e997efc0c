import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entriesOfSplit, splitsOf } from '../modules/money';
import { rowsOf } from './common';

/**
 * The seed's completed trips split, set-based: what splitCompletedRides
 * (modules/money/split.ts) does a chunk at a time, here over every trip at
 * once through a table of their splits, for the million trips of the large
 * scale (issue 48: 815 s in 440 chunks, against the 60 s of the whole seed).
 * The same splits and entries (splitsOf, entriesOfSplit), entries of 0 left
 * out. seed.test.ts compares the rows with splitOf's and entriesOf's on both
 * engines. Each split, set and entry is dated at its trip's completion, as the
 * live path writes them when the trip completes: a payout draft or statement
 * of an earlier period finds them. Answers how many trips it split.
 */
export async function splitSeededTrips(tx: Tx): Promise<number> {
  // The trips' sort (row_number) in memory rather than on disk: at a million trips the 4 MB
  // default wrote it out in runs. The entries' lateral list is not worth memoizing (nearly
  // every split is another key): it held 300 MB for a few percent of hits. Both are put
  // back as they were for the rest of the seed's transaction.
  const settings = await rowsOf<{ name: string; setting: string }>(
    tx,
    sql`select name, setting || coalesce(unit, '') as setting from pg_settings
        where name in ('work_mem', 'enable_memoize')`,
  );
  const set = async (name: string, value: string) =>
    tx.execute(sql`select set_config(${name}, ${value}, true)`);
  await set('work_mem', '256MB');
  await set('enable_memoize', 'off');
  try {
    return await writeSplits(tx);
  } finally {
    for (const { name, setting } of settings) await set(name, setting);
  }
}

async function writeSplits(tx: Tx): Promise<number> {
  await tx.execute(sql`
    create temp table seed_splits on commit drop as
    select row_number() over (order by s.id) as k, s.* from (${splitsOf(sql`true`)}) s`);
  // In trip order by its key, so the inserts below read it in order without sorting it (the
  // entries only each split's few), and with statistics, so they are planned so.
  await tx.execute(sql`alter table seed_splits add primary key (k)`);
  await tx.execute(sql`analyze seed_splits`);
  const [counted] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from seed_splits`,
  );
  const trips = counted?.n ?? 0;
  if (trips === 0) return 0;
  // The sets' ids taken from their sequence at once, in trip order as the live path takes them:
  // set k is before + k.
  const [taken] = await rowsOf<{ before: string }>(
    tx,
    sql`select (setval(pg_get_serial_sequence('ledger_sets', 'id'),
                       nextval(pg_get_serial_sequence('ledger_sets', 'id')) + ${trips} - 1)
                - ${trips})::text as before`,
  );
  const setId = sql`(${taken!.before}::bigint + s.k)`;
  await tx.execute(sql`
    insert into ledger_sets (id, cause, cause_id, created_at)
    select ${setId}, 'ride_split', s.id, s.completed_at from seed_splits s order by s.k`);
  // Every set's entries in one INSERT, as writeLedgerSets writes them (a set is written by one).
  await tx.execute(sql`
    insert into ledger_entries (set_id, account, party_id, amount, created_at)
    select ${setId}, e.account, e.party_id, e.amount, s.completed_at
    from seed_splits s ${entriesOfSplit}
    where e.amount <> 0
    order by s.k, e.n`);
  await tx.execute(sql`
    insert into ride_splits (ride_id, rule_id, percent, company_percent, gross, coupon_discount,
      platform_commission, company_share, driver_share, cash_collected, company_id, driver_id,
      completed_at, set_id, created_at)
    select s.id, s.rule_id, s.percent, s.company_percent, s.gross, s.coupon, s.commission,
      s.company_share, s.driver_share, s.cash, s.company_id, s.driver_id, s.completed_at, ${setId},
      s.completed_at
    from seed_splits s order by s.k`);
  await tx.execute(sql`drop table seed_splits`);
  return trips;
}
