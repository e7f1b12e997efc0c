import type { LedgerAccount, LedgerCause } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { arrayLiteral, rowsOf } from '../../lib/sql';

/**
 * The double-entry ledger (issue 48). Amounts are whole cents (bigint) in
 * here, numeric(12,2) in the tables and two-decimal strings on the wire.
 * Sign: debit positive, credit negative. The platform is everyone's
 * counterparty: a company's or driver's accounts credited (negative) are
 * what the platform owes them; a driver's `driver_cash` debited (positive)
 * is cash the driver holds for the platform.
 */

/** Cents of an amount's text ("12.5", "-3.10", "7"): exact, no floating point. */
export function centsOf(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** The wire's text of cents: two decimals, a minus sign when negative ("-3.10"). */
export function textOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const whole = cents < 0n ? -cents : cents;
  return `${sign}${whole / 100n}.${String(whole % 100n).padStart(2, '0')}`;
}

export type LedgerEntry = { account: LedgerAccount; partyId: number | null; cents: bigint };

export type LedgerSet = { cause: LedgerCause; causeId: number; entries: LedgerEntry[] };

/** The accounts that belong to a party (a company or a driver); the others are the platform's. */
const PARTY_ACCOUNTS: readonly LedgerAccount[] = ['company', 'driver', 'driver_cash'];

/**
 * Writes ledger sets in the caller's transaction, the one way entries are
 * written: each set must sum to zero (else it throws and the cause's
 * transaction rolls back; the database checks it again, each INSERT's sets), a
 * party's account names its party and the platform's none. Entries of 0
 * are left out. Answers the sets' ids, in order.
 */
export async function writeLedgerSets(tx: Tx, sets: readonly LedgerSet[]): Promise<number[]> {
  for (const set of sets) {
    const total = set.entries.reduce((sum, entry) => sum + entry.cents, 0n);
    if (total !== 0n) {
      throw new Error(`ledger set of ${set.cause} ${set.causeId} sums to ${textOf(total)}, not 0`);
    }
    for (const entry of set.entries) {
      if (PARTY_ACCOUNTS.includes(entry.account) !== (entry.partyId !== null)) {
        throw new Error(`ledger account ${entry.account} with party ${entry.partyId}`);
      }
    }
  }
  if (sets.length === 0) return [];
  // The ids first, so each entry names its set whatever order an insert returns rows in.
  const ids = (
    await rowsOf<{ id: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('ledger_sets', 'id'))::text as id
          from generate_series(1, ${sets.length}) order by 1`,
    )
  ).map((row) => Number(row.id));
  await tx.execute(
    sql`insert into ledger_sets (id, cause, cause_id)
        select * from unnest(${arrayLiteral(ids)}::bigint[], ${arrayLiteral(sets.map((s) => s.cause))}::text[],
          ${arrayLiteral(sets.map((s) => s.causeId))}::bigint[])`,
  );
  const rows = sets.flatMap((set, i) =>
    set.entries
      .filter((entry) => entry.cents !== 0n)
      .map((entry) => ({ setId: ids[i]!, ...entry })),
  );
  if (rows.length > 0) {
    // Every set's entries in one INSERT: the database refuses a set written by two (0045).
    await tx.execute(
      sql`insert into ledger_entries (set_id, account, party_id, amount)
          select * from unnest(${arrayLiteral(rows.map((r) => r.setId))}::bigint[],
            ${arrayLiteral(rows.map((r) => r.account))}::text[],
            ${arrayLiteral(rows.map((r) => r.partyId ?? 'NULL'))}::int[],
            ${arrayLiteral(rows.map((r) => textOf(r.cents)))}::numeric[])`,
    );
  }
  return ids;
}

export type Party = { kind: 'company' | 'driver'; id: number };

/**
 * A party's balance from its entries: what the platform owes it (negative:
 * what it owes the platform), and, for a driver, the cash it holds.
 */
export async function balanceOf(db: Db | Tx, party: Party) {
  const accounts = party.kind === 'company' ? ['company'] : ['driver', 'driver_cash'];
  const [row] = await rowsOf<{ owed: string; cash: string }>(
    db,
    sql`select coalesce(-sum(amount), 0)::text as owed,
          coalesce(sum(amount) filter (where account = 'driver_cash'), 0)::text as cash
        from ledger_entries
        where party_id = ${party.id} and account = any(${arrayLiteral(accounts)}::text[])`,
  );
  return { owed: centsOf(row!.owed), cashHeld: centsOf(row!.cash) };
}
