import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayLiteral, rowsOf } from '../../lib/sql';
import type { LedgerEntry } from './ledger';

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

/**
 * The trips among `which` (at most `limit`, in id order) that are Complete and
 * not split yet, with what splitOf needs of each and the rule in force when
 * each completed (its `completed` event's time, in UTC days): the company's
 * override first, else the service type's (the trip's, else its vehicle's),
 * the latest `from` on or before that day; none: 0%. Amounts and percents
 * numeric, completed_at a timestamptz: splitsOf splits them in SQL.
 */
const tripsToSplit = (which: SQL, limit?: number) => sql`
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

/**
 * The splits of tripsToSplit's trips, by splitOf's arithmetic in SQL: percents
 * rounded half up to the cent (numeric round() rounds half away from zero, the
 * same for these amounts, never negative), the company's part at most what the
 * commission leaves. One row a trip; money.test.ts and seed.test.ts compare the
 * rows written with splitOf's and entriesOf's on both engines.
 */
export const splitsOf = (which: SQL, limit?: number) => sql`
  with trips as (${tripsToSplit(which, limit)}),
  commission as (
    select trips.*,
      case when company_id is null and driver_id is null then gross
           else round(gross * percent / 100, 2) end as commission
    from trips
  ),
  company as (
    select commission.*,
      case when company_id is null then 0
           when driver_id is null then gross - commission
           else least(round(gross * company_percent / 100, 2), gross - commission) end as company_share
    from commission
  )
  select id, rule_id, percent, company_percent, gross, coupon, commission, company_share,
    gross - commission - company_share as driver_share, cash and driver_id is not null as cash,
    company_id, driver_id, completed_at
  from company`;

/**
 * A split's ledger entries as entriesOf makes them, for a row \`s\` of splitsOf:
 * \`e (n, account, party_id, amount)\`, those of 0 to be left out by the caller.
 */
export const entriesOfSplit = sql`cross join lateral (values
    (1, case when s.cash then 'driver_cash' else 'platform_receipts' end,
       case when s.cash then s.driver_id end, s.gross - s.coupon),
    (2, 'platform_coupons', null, s.coupon),
    (3, 'platform_revenue', null, -s.commission),
    (4, 'company', s.company_id, -s.company_share),
    (5, 'driver', s.driver_id, -s.driver_share)
  ) e (n, account, party_id, amount)`;

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
 * with it, once. One statement a chunk of trips: the splits (splitsOf), a
 * ledger set each (ids from its sequence) and the sets' entries in one
 * INSERT (the database checks that each set sums to zero, 0045). Answers how
 * many trips it split.
 */
export async function splitCompletedRides(tx: Tx, ids: readonly number[] | 'all'): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  let after = 0;
  let split = 0;
  for (;;) {
    const [done] = await rowsOf<{ n: number; last: number | null }>(
      tx,
      sql`with s as (
            select s.*, nextval(pg_get_serial_sequence('ledger_sets', 'id')) as set_id
            from (${splitsOf(chosen(ids, after), CHUNK)}) s
            order by s.id
          ), sets as (
            insert into ledger_sets (id, cause, cause_id)
            select set_id, 'ride_split', id from s
          ), entries as (
            insert into ledger_entries (set_id, account, party_id, amount)
            select s.set_id, e.account, e.party_id, e.amount from s ${entriesOfSplit}
            where e.amount <> 0
          ), splits as (
            insert into ride_splits (ride_id, rule_id, percent, company_percent, gross,
              coupon_discount, platform_commission, company_share, driver_share, cash_collected,
              company_id, driver_id, completed_at, set_id)
            select id, rule_id, percent, company_percent, gross, coupon, commission, company_share,
              driver_share, cash, company_id, driver_id, completed_at, set_id
            from s
            returning ride_id
          )
          select count(*)::int as n, max(ride_id) as last from splits`,
    );
    const n = done?.n ?? 0;
    split += n;
    if (n < CHUNK) return split;
    after = done!.last!;
  }
}
