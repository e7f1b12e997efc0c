import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayLiteral, rowsOf } from '../../lib/sql';

/**
 * The trips among `which` (at most `limit`, in id order) that are Complete and
 * not split yet, with what a split needs of each and the rule in force when
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
 * The splits of tripsToSplit's trips, by the arithmetic of test/money-split.ts in SQL: percents
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
 * A split's ledger entries as test/money-split.ts's entriesOf makes them, for a row \`s\` of splitsOf:
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
