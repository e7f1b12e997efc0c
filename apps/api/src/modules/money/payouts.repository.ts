import {
  isPayableAccount,
  maskIban,
  type BankDetails,
  type PayoutBatch,
  type PayoutBatchDetail,
  type PayoutItem,
  type PayoutStatus,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { arrayLiteral, isoText, rowsOf } from '../../lib/sql';
import { centsOf, textOf, writeLedgerSets, type LedgerEntry } from './ledger';

/*
 * Payouts (issue 48): bank details, and batches drafted from the ledger's
 * balances. Amounts are cents in here, as in ledger.ts.
 */

// ---------------------------------------------------------------- bank details

export type BankAccount = { iban: string; bic: string; holder: string };

/** A payee's bank details, the IBAN masked unless `unmasked`; null when none are saved. */
export async function bankDetailsOf(
  db: Db | Tx,
  userId: number,
  unmasked: boolean,
): Promise<BankDetails | null> {
  const [row] = await rowsOf<Omit<BankDetails, 'masked'>>(
    db,
    sql`select iban, bic, holder, ${isoText(sql`updated_at`)} as updated_at
        from bank_details where user_id = ${userId}`,
  );
  if (!row) return null;
  return { ...row, iban: unmasked ? row.iban : maskIban(row.iban), masked: !unmasked };
}

/** Saves a payee's bank details (checked by the caller); answers what they were before, if any. */
export async function saveBankDetails(
  tx: Tx,
  userId: number,
  account: BankAccount,
  adminId: number | null,
) {
  const [before] = await rowsOf<BankAccount>(
    tx,
    sql`select iban, bic, holder from bank_details where user_id = ${userId} for update`,
  );
  await tx.execute(
    sql`insert into bank_details (user_id, iban, bic, holder, admin_id, updated_at)
        values (${userId}, ${account.iban}, ${account.bic}, ${account.holder}, ${adminId}, now())
        on conflict (user_id) do update set iban = excluded.iban, bic = excluded.bic,
          holder = excluded.holder, admin_id = excluded.admin_id, updated_at = now()`,
  );
  return before ?? null;
}

/** A live driver or company: its role, or null. */
export async function payeeRole(db: Db | Tx, userId: number) {
  const [row] = await rowsOf<{ role: 'Driver' | 'Company' }>(
    db,
    sql`select role from users where id = ${userId} and role in ('Driver', 'Company')
          and deleted_at is null`,
  );
  return row?.role ?? null;
}

// ---------------------------------------------------------------- batches

const adminJson = (column: string) =>
  sql`(select jsonb_build_object('id', a.id, 'name', a.name) from admins a
       where a.id = b.${sql.identifier(column)})`;

const batchColumns = sql`b.id, b.period_end::text as period_end, b.status, b.minimum::text as minimum,
  b.total::text as total,
  (select count(*)::int from payout_items i where i.batch_id = b.id and i.state = 'pay') as payees,
  (select count(*)::int from payout_items i where i.batch_id = b.id and i.state = 'blocked') as blocked,
  (select count(*)::int from payout_items i where i.batch_id = b.id and i.state = 'owing') as owing,
  ${adminJson('drafted_by')} as drafted_by, ${isoText(sql`b.created_at`)} as created_at,
  ${adminJson('approved_by')} as approved_by, ${isoText(sql`b.approved_at`)} as approved_at,
  ${isoText(sql`b.exported_at`)} as exported_at,
  ${adminJson('marked_by')} as marked_by, ${isoText(sql`b.marked_at`)} as marked_at, b.reference`;

export async function listBatches(db: Db, request: PageRequest) {
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from payout_batches`,
  );
  const rows = await rowsOf<PayoutBatch>(
    db,
    sql`select ${batchColumns} from payout_batches b
        order by b.id desc limit ${request.per_page} offset ${offsetOf(request)}`,
  );
  return pageOf(rows, count!.n, request);
}

export async function batchById(db: Db | Tx, id: number) {
  const [row] = await rowsOf<PayoutBatch & { drafted_by_id: number | null }>(
    db,
    sql`select ${batchColumns}, b.drafted_by as drafted_by_id from payout_batches b where b.id = ${id}`,
  );
  if (!row) return null;
  const { drafted_by_id, ...batch } = row;
  return { batch: batch as PayoutBatch, draftedBy: drafted_by_id };
}

/** The parties of a batch: paid ones by name, then blocked, then owing. */
async function itemsOf(db: Db | Tx, batchId: number) {
  return rowsOf<PayoutItem>(
    db,
    sql`select i.party_id, lower(u.role::text) as kind,
          coalesce(nullif(u.company_name, ''), u.name) as name, i.state, i.amount::text as amount,
          i.iban, i.bic, i.holder
        from payout_items i join users u on u.id = i.party_id
        where i.batch_id = ${batchId}
        order by array_position(array['pay', 'blocked', 'owing'], i.state), 3, i.party_id`,
  );
}

export async function batchDetail(db: Db | Tx, id: number): Promise<PayoutBatchDetail | null> {
  const found = await batchById(db, id);
  if (!found) return null;
  return { ...found.batch, items: await itemsOf(db, id) };
}

/** The latest period_end of a batch that is not discarded or failed. */
export async function lastPeriodEnd(tx: Tx) {
  const [row] = await rowsOf<{ day: string | null }>(
    tx,
    sql`select max(period_end)::text as day from payout_batches
        where status not in ('draft', 'discarded', 'failed')`,
  );
  return row?.day ?? null;
}

type Balance = {
  party_id: number;
  owed: string;
  iban: string | null;
  bic: string | null;
  holder: string | null;
};

/**
 * Every party's balance as of the end of `periodEnd` (UTC): its entries up
 * to then, less every payout since (approved later, or reversed later), so
 * what an earlier batch paid is never owed again. Read as the balance now
 * (ledger_balances, one row a party and account) less what was written
 * after the period other than payouts, each party's found by its index from
 * the cutoff on: the work grows with the parties and the entries since the
 * period, not with the whole ledger. With each party's bank details.
 */
async function balancesAsOf(tx: Tx, periodEnd: string) {
  return rowsOf<Balance>(
    tx,
    sql`with cutoff as (select (${periodEnd}::date + 1)::timestamp at time zone 'UTC' as at),
        late_payouts as (
          select s.id from ledger_sets s, cutoff
          where s.cause = 'payout' and s.created_at >= cutoff.at
        ),
        owed as (
          select b.party_id, -sum(b.amount) + coalesce(sum(late.amount), 0) as owed
          from ledger_balances b
          left join lateral (
            select sum(e.amount) as amount from ledger_entries e, cutoff
            where e.party_id = b.party_id and e.account = b.account and e.created_at >= cutoff.at
              and e.set_id not in (select id from late_payouts)
          ) late on true
          where b.account in ('company', 'driver', 'driver_cash')
          group by b.party_id
        )
        select o.party_id, o.owed::text as owed, d.iban, d.bic, d.holder
        from owed o left join bank_details d on d.user_id = o.party_id
        where o.owed <> 0`,
  );
}

/**
 * Drafts a batch: discards the open draft, then lists each party owed at
 * least `minimum` (pay, with their bank details copied; blocked without
 * valid ones) and each owing the platform. Answers the batch's id.
 */
export async function draftBatch(
  tx: Tx,
  draft: { periodEnd: string; minimum: string; adminId: number | null },
) {
  const discarded = await rowsOf<{ id: number }>(
    tx,
    sql`update payout_batches set status = 'discarded' where status = 'draft' returning id`,
  );
  const minimum = centsOf(draft.minimum);
  // The planner costs the per-party lookups high enough to compile the query (JIT), which
  // took longer than running it, at a million trips.
  await tx.execute(sql`set local jit = off`);
  const items = (await balancesAsOf(tx, draft.periodEnd)).flatMap((row) => {
    const owed = centsOf(row.owed);
    if (owed < 0n) return [{ ...row, state: 'owing', iban: null, bic: null, holder: null }];
    if (owed < minimum) return [];
    const valid = row.iban !== null && isPayableAccount(row.iban, row.bic ?? '');
    return valid
      ? [{ ...row, state: 'pay' }]
      : [{ ...row, state: 'blocked', iban: null, bic: null, holder: null }];
  });
  const total = items
    .filter((item) => item.state === 'pay')
    .reduce((sum, item) => sum + centsOf(item.owed), 0n);
  const [batch] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into payout_batches (period_end, minimum, total, drafted_by)
        values (${draft.periodEnd}, ${draft.minimum}, ${textOf(total)}, ${draft.adminId})
        returning id`,
  );
  const column = (of: (item: (typeof items)[number]) => string | number | null) =>
    `{${items.map((item) => JSON.stringify(of(item) ?? null).replace(/^null$/, 'NULL')).join(',')}}`;
  if (items.length > 0) {
    await tx.execute(
      sql`insert into payout_items (batch_id, party_id, state, amount, iban, bic, holder)
          select ${batch!.id}, * from unnest(${column((i) => i.party_id)}::int[],
            ${column((i) => i.state)}::text[], ${column((i) => i.owed)}::numeric[],
            ${column((i) => i.iban)}::text[], ${column((i) => i.bic)}::text[],
            ${column((i) => i.holder)}::text[])`,
    );
  }
  return { id: batch!.id, discarded: discarded.map((row) => row.id) };
}

/** What a batch pays each party, with the party's account (company or driver). */
async function paymentsOf(tx: Tx, batchId: number) {
  return rowsOf<{ party_id: number; amount: string; role: 'Driver' | 'Company'; owed: string }>(
    tx,
    sql`select i.party_id, i.amount::text as amount, u.role,
          (select coalesce(-sum(e.amount), 0) from ledger_entries e
           where e.party_id = i.party_id
             and e.account in ('company', 'driver', 'driver_cash'))::text as owed
        from payout_items i join users u on u.id = i.party_id
        where i.batch_id = ${batchId} and i.state = 'pay'
        order by i.party_id`,
  );
}

const accountOf = (role: 'Driver' | 'Company'): LedgerEntry['account'] =>
  role === 'Company' ? 'company' : 'driver';

/**
 * Moves a batch from one status to the next, if it is in one of `from`
 * (so two administrators at once cannot both): null when it was not.
 */
export async function moveBatch(
  tx: Tx,
  id: number,
  from: readonly PayoutStatus[],
  to: PayoutStatus,
  set: { approvedBy?: number | null; markedBy?: number | null; reference?: string | null } = {},
) {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`update payout_batches set status = ${to},
          approved_by = ${to === 'approved' ? sql`${set.approvedBy ?? null}` : sql`approved_by`},
          approved_at = ${to === 'approved' ? sql`now()` : sql`approved_at`},
          exported_at = ${to === 'exported' ? sql`now()` : sql`exported_at`},
          marked_by = ${to === 'paid' || to === 'failed' ? sql`${set.markedBy ?? null}` : sql`marked_by`},
          marked_at = ${to === 'paid' || to === 'failed' ? sql`now()` : sql`marked_at`},
          reference = ${set.reference !== undefined ? sql`${set.reference}` : sql`reference`}
        where id = ${id} and status = any(${arrayLiteral([...from])}::text[])
        returning id`,
  );
  return row !== undefined;
}

/**
 * The ledger set of an approval: each payee's account debited by what it is
 * paid (its balance falls by it), `payouts_in_transit` credited with the
 * total. Answers false, writing nothing, when a payee's balance is now below
 * what the draft pays it (a refund or adjustment since): the draft is stale.
 */
export async function writeApproval(tx: Tx, batchId: number) {
  const payments = await paymentsOf(tx, batchId);
  if (payments.some((p) => centsOf(p.owed) < centsOf(p.amount))) return false;
  await writeLedgerSets(tx, [
    { cause: 'payout', causeId: batchId, entries: payoutEntries(payments, 1n) },
  ]);
  return true;
}

/** The entries moving `payments` into payouts in transit (sign 1n) or back (-1n, a failure). */
function payoutEntries(
  payments: readonly { party_id: number; amount: string; role: 'Driver' | 'Company' }[],
  sign: 1n | -1n,
): LedgerEntry[] {
  const total = payments.reduce((sum, p) => sum + centsOf(p.amount), 0n);
  return [
    ...payments.map((p) => ({
      account: accountOf(p.role),
      partyId: p.party_id,
      cents: sign * centsOf(p.amount),
    })),
    { account: 'payouts_in_transit' as const, partyId: null, cents: -sign * total },
  ];
}

/**
 * The ledger set of a batch marked: paid settles payouts in transit (the
 * platform's bank paid it out); failed reverses the approval's set with a
 * new one, so each payee is owed again.
 */
export async function writeMark(tx: Tx, batchId: number, status: 'paid' | 'failed') {
  const payments = await paymentsOf(tx, batchId);
  const total = payments.reduce((sum, p) => sum + centsOf(p.amount), 0n);
  const entries: LedgerEntry[] =
    status === 'paid'
      ? [
          { account: 'payouts_in_transit', partyId: null, cents: total },
          { account: 'platform_paid_out', partyId: null, cents: -total },
        ]
      : payoutEntries(payments, -1n);
  await writeLedgerSets(tx, [{ cause: 'payout', causeId: batchId, entries }]);
}

/** What the payout's webhook tells the marketplace: each payee by its ids and amount. */
export async function payeesOf(tx: Tx, batchId: number) {
  return rowsOf<{ kind: string; id: number; external_id: string | null; amount: string }>(
    tx,
    sql`select lower(u.role::text) as kind, u.id, u.external_id, i.amount::text as amount
        from payout_items i join users u on u.id = i.party_id
        where i.batch_id = ${batchId} and i.state = 'pay' order by u.id`,
  );
}

/** The payees of an approved batch for its bank file, by party id (a stable order). */
export async function bankLinesOf(db: Db, batchId: number) {
  return rowsOf<{
    party_id: number;
    name: string;
    iban: string;
    bic: string;
    holder: string;
    amount: string;
  }>(
    db,
    sql`select i.party_id, coalesce(nullif(u.company_name, ''), u.name) as name, i.iban, i.bic,
          i.holder, i.amount::text as amount
        from payout_items i join users u on u.id = i.party_id
        where i.batch_id = ${batchId} and i.state = 'pay' order by i.party_id`,
  );
}

/** The batch's approval time and status, for its file. */
export async function batchForExport(db: Db, id: number) {
  const [row] = await rowsOf<{
    status: PayoutStatus;
    approved_at: string | null;
    period_end: string;
  }>(
    db,
    sql`select status, ${isoText(sql`approved_at`)} as approved_at, period_end::text as period_end
        from payout_batches where id = ${id}`,
  );
  return row ?? null;
}
