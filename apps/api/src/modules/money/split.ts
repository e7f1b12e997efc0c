import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayLiteral, rowsOf } from '../../lib/sql';
import { centsOf, type LedgerEntry, textOf, writeLedgerSets } from './ledger';

/** What a trip's split is computed from: cents, and percents in hundredths (12.50% is 1250n). */
export type SplitInput = {
  gross: bigint;
  coupon: bigint;
  percent: bigint;
  companyPercent: bigint;
  companyId: number | null;
  driverId: number | null;
  cash: boolean;
};

export type Split = {
  gross: bigint;
  coupon: bigint;
  commission: bigint;
  companyShare: bigint;
  driverShare: bigint;
  cash: boolean;
};

/** a × b / 10000, rounded half up (a, b ≥ 0). */
const percentOf = (cents: bigint, hundredths: bigint) => (cents * hundredths + 5000n) / 10000n;

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * A completed trip's split (issue 48): the platform's commission is `percent`
 * of the gross; the company's part `companyPercent` of it (never more than
 * what the commission leaves); the driver has the rest. A trip without a
 * driver leaves the rest to its company; without either, all of it to the
 * platform. The coupon (at most the gross) is the platform's: the
 * passenger paid gross - coupon. Cash is collected only by a driver.
 */
export function splitOf(input: SplitInput): Split {
  const { gross } = input;
  const coupon = min(input.coupon, gross);
  const commission =
    input.companyId === null && input.driverId === null ? gross : percentOf(gross, input.percent);
  const rest = gross - commission;
  const companyShare =
    input.companyId === null
      ? 0n
      : input.driverId === null
        ? rest
        : min(percentOf(gross, input.companyPercent), rest);
  return {
    gross,
    coupon,
    commission,
    companyShare,
    driverShare: rest - companyShare,
    cash: input.cash && input.driverId !== null,
  };
}

/**
 * The ledger entries of a split, summing to zero: what the passenger paid
 * comes in (to the platform for a card; held by the driver for cash), the
 * platform bears the coupon, and the commission, the company's and the
 * driver's shares are credited to their accounts. So a cash driver's
 * balance is their share less the cash they hold: what they owe the
 * platform (which owes the company its share) when negative.
 */
export function entriesOf(
  split: Split,
  parties: { companyId: number | null; driverId: number | null },
): LedgerEntry[] {
  const paid = split.gross - split.coupon;
  return [
    split.cash
      ? { account: 'driver_cash', partyId: parties.driverId, cents: paid }
      : { account: 'platform_receipts', partyId: null, cents: paid },
    { account: 'platform_coupons', partyId: null, cents: split.coupon },
    { account: 'platform_revenue', partyId: null, cents: -split.commission },
    { account: 'company', partyId: parties.companyId, cents: -split.companyShare },
    { account: 'driver', partyId: parties.driverId, cents: -split.driverShare },
  ].filter((entry) => entry.cents !== 0n) as LedgerEntry[];
}

type Candidate = {
  id: number;
  gross: string;
  coupon: string;
  company_id: number | null;
  driver_id: number | null;
  cash: boolean;
  completed_at: string;
  rule_id: number | null;
  percent: string;
  company_percent: string;
};

/**
 * The trips among `which` (at most `limit`, in id order) that are Complete and
 * not split yet, with what splitOf needs of each and the rule in force when
 * each completed (its `completed` event's time, in UTC days): the company's
 * override first, else the service type's (the trip's, else its vehicle's),
 * the latest `from` on or before that day; none: 0%. Amounts and percents
 * numeric, completed_at a timestamptz: the live path reads them as text, the
 * seed splits them in SQL (seed/splits.ts).
 */
export const tripsToSplit = (which: SQL, limit?: number) => sql`
  with done as (
    select r.id, r.amount as gross, least(r.coupon_discount, r.amount) as coupon,
      r.company_id, r.driver_id, coalesce(r.service_type_id, v.service_type_id) as service_type_id,
      lower(coalesce(r.payment_method, t.payment_method, '')) = 'cash' as cash,
      coalesce((select max(e.at) from ride_events e where e.ride_id = r.id and e.event = 'completed'),
        r.updated_at) as completed_at
    from rides r
    left join vehicles v on v.id = r.vehicle_id
    left join transactions t on t.ride_id = r.id
    where ${which} and r.ride_status = 'Complete'
      and not exists (select 1 from ride_splits s where s.ride_id = r.id)
    order by r.id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}
  )
  select d.id, d.gross, d.coupon, d.company_id, d.driver_id, d.cash, d.completed_at,
    rule.id as rule_id, coalesce(rule.percent, 0) as percent,
    coalesce(rule.company_percent, 0) as company_percent
  from done d
  left join lateral (
    select c.id, c.percent, c.company_percent from commission_rules c
    where c.service_type_id = d.service_type_id
      and (c.company_id is null or c.company_id = d.company_id)
      and c.starts_on <= (d.completed_at at time zone 'UTC')::date
    order by c.company_id is null, c.starts_on desc, c.id desc
    limit 1
  ) rule on true`;

const candidates = (which: SQL, limit: number) => sql`
  select c.id, c.gross::text, c.coupon::text, c.company_id, c.driver_id, c.cash,
    to_char(c.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed_at,
    c.rule_id, c.percent::text, c.company_percent::text
  from (${tripsToSplit(which, limit)}) c
  order by c.id`;

const chosen = (ids: readonly number[] | 'all', after: number) =>
  ids === 'all'
    ? sql`r.id > ${after}`
    : sql`r.id = any(${arrayLiteral(ids)}::int[]) and r.id > ${after}`;

/** Trips split per statement when many are (a seed's, a batch import's). */
const CHUNK = 2000;

/**
 * Splits the trips among `ids` (or all) that are Complete and have no split
 * yet, in the caller's transaction: the trip completing (its event applied,
 * its row locked) is the cause, so its split and ledger set are written
 * with it, once. Answers how many trips it split.
 */
export async function splitCompletedRides(tx: Tx, ids: readonly number[] | 'all'): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  let after = 0;
  let split = 0;
  for (;;) {
    const found = await rowsOf<Candidate>(tx, candidates(chosen(ids, after), CHUNK));
    if (found.length === 0) return split;
    const splits = found.map((trip) => ({
      trip,
      split: splitOf({
        gross: centsOf(trip.gross),
        coupon: centsOf(trip.coupon),
        percent: centsOf(trip.percent),
        companyPercent: centsOf(trip.company_percent),
        companyId: trip.company_id,
        driverId: trip.driver_id,
        cash: trip.cash,
      }),
    }));
    const setIds = await writeLedgerSets(
      tx,
      splits.map(({ trip, split }) => ({
        cause: 'ride_split',
        causeId: trip.id,
        entries: entriesOf(split, { companyId: trip.company_id, driverId: trip.driver_id }),
      })),
    );
    const column = (of: (i: number) => string | number | boolean | null) =>
      arrayLiteral(splits.map((_, i) => String(of(i) ?? 'NULL')));
    const trip = (i: number) => splits[i]!.trip;
    const share = (i: number) => splits[i]!.split;
    await tx.execute(sql`
      insert into ride_splits (ride_id, rule_id, percent, company_percent, gross, coupon_discount,
        platform_commission, company_share, driver_share, cash_collected, company_id, driver_id,
        completed_at, set_id)
      select * from unnest(${column((i) => trip(i).id)}::int[], ${column((i) => trip(i).rule_id)}::int[],
        ${column((i) => trip(i).percent)}::numeric[], ${column((i) => trip(i).company_percent)}::numeric[],
        ${column((i) => textOf(share(i).gross))}::numeric[], ${column((i) => textOf(share(i).coupon))}::numeric[],
        ${column((i) => textOf(share(i).commission))}::numeric[],
        ${column((i) => textOf(share(i).companyShare))}::numeric[],
        ${column((i) => textOf(share(i).driverShare))}::numeric[],
        ${column((i) => share(i).cash)}::boolean[], ${column((i) => trip(i).company_id)}::int[],
        ${column((i) => trip(i).driver_id)}::int[], ${column((i) => trip(i).completed_at)}::timestamptz[],
        ${column((i) => setIds[i]!)}::bigint[])`);
    split += found.length;
    after = found[found.length - 1]!.id;
    if (found.length < CHUNK) return split;
  }
}
