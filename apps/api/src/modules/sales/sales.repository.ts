import type { DateRange, Paged, Sort, Transaction, TRANSACTION_SORTS } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hasDates, totalsWithin, withinRange } from '../../lib/date-range';
import { orderOf, pageOfList, type PageRequest } from '../../lib/paging';
import { allOf, isoText, money, rowsOf } from '../../lib/sql';

/** Which payments Sales shows: all, or those made within days, by one method. */
export type TransactionFilter = { made: DateRange; paymentMethod?: string };

export type TransactionSort = Sort<(typeof TRANSACTION_SORTS)[number]>;

type TransactionRow = {
  id: number;
  transaction_id: string;
  ride_id: number | null;
  amount: string;
  payment_method: string;
  created_at: string;
};

const toTransaction = (row: TransactionRow): Transaction => ({
  id: row.id,
  transaction_id: row.transaction_id,
  ride_id: row.ride_id,
  amount: money(row.amount),
  payment_method: row.payment_method,
  created_at: row.created_at,
});

const byMethod = (f: TransactionFilter) =>
  f.paymentMethod === undefined ? sql`true` : sql`payment_method = ${f.paymentMethod}`;

/**
 * How many payments the filter keeps and their sum, exact, from
 * transaction_daily (kept by trigger, migration 0009): the whole table's days,
 * or the range's (totalsWithin: whole UTC days from the daily table, the
 * partial days at its ends from the payments).
 */
async function totalsOf(db: Db, f: TransactionFilter) {
  if (hasDates(f.made)) {
    return totalsWithin(db, f.made, {
      at: sql`created_at`,
      daily: (where) => sql`select sum(n) as n, sum(amount) as amount from transaction_daily
                            where ${where} and ${byMethod(f)}`,
      rows: (where) => sql`select count(*) as n, sum(amount) as amount from transactions
                           where ${where} and ${byMethod(f)}`,
    });
  }
  const [row] = await rowsOf<{ n: number; amount: string }>(
    db,
    sql`select coalesce(sum(n), 0)::int as n, coalesce(sum(amount), 0)::text as amount
        from transaction_daily where ${byMethod(f)}`,
  );
  return { n: row?.n ?? 0, amount: row?.amount ?? '0' };
}

const SORT_KEYS: Record<TransactionSort['field'], SQL> = {
  created_at: sql`t.created_at`,
  amount: sql`t.amount`,
};

const NEWEST: TransactionSort = { field: 'created_at', descending: true };

const conditionsOf = (f: TransactionFilter) => {
  const conditions = [...withinRange(sql`t.created_at`, f.made)];
  if (f.paymentMethod !== undefined) conditions.push(sql`t.payment_method = ${f.paymentMethod}`);
  return conditions;
};

const select = sql`
  select t.id, t.transaction_id, t.ride_id, t.amount::text as amount, t.payment_method,
    ${isoText(sql`t.created_at`)} as created_at`;

/** Every payment the filter keeps, in list order, as one statement for an export. */
export function exportTransactions(f: TransactionFilter, sort: TransactionSort = NEWEST) {
  const order = orderOf(SORT_KEYS[sort.field], sort.descending, sql`t.id`);
  return {
    query: sql`${select} from transactions t where ${allOf(conditionsOf(f))} order by ${order}`,
    toItem: toTransaction,
  };
}

/**
 * One page of payments, newest first or by `sort` (ties by id), with the count
 * and sum of every payment the filter keeps.
 */
export async function listTransactions(
  db: Db,
  f: TransactionFilter,
  request: PageRequest,
  sort: TransactionSort = NEWEST,
): Promise<Paged<Transaction> & { total_amount: number }> {
  const conditions = conditionsOf(f);
  const order = orderOf(SORT_KEYS[sort.field], sort.descending, sql`t.id`);
  const totals = await totalsOf(db, f);
  const page = await pageOfList(
    db,
    request,
    totals.n,
    {
      ids: (limit, offset) => sql`select t.id from transactions t where ${allOf(conditions)}
                                  order by ${order} limit ${limit} offset ${offset}`,
      rows: (ids) => sql`
        with page as (${ids})
        ${select} from page p join transactions t on t.id = p.id
        order by ${order}`,
    },
    toTransaction,
  );
  return { ...page, total_amount: money(totals.amount) };
}
