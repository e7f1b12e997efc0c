import type { Statement, StatementLine } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { arrayLiteral, isoText, rowsOf } from '../../lib/sql';
import { centsOf, type Party, textOf } from './ledger';

/**
 * Statements (issue 48, point 3), read from the ledger: each ledger set that
 * touches the party is one movement of its balance, dated by its trip's
 * completion for a split (ride_splits.completed_at) and by when it was
 * written for every other cause (refunds, adjustments, payouts: whatever
 * writes a set, this reads it by `ledger_sets.cause` without knowing its
 * table). The opening balance is every movement dated before the period,
 * the closing one the opening plus the period's, to the cent.
 */

export type Period = { from: string; to: string };

/** The party's accounts, and the columns of its trips' splits. */
function sideOf(party: Party) {
  return party.kind === 'company'
    ? {
        accounts: arrayLiteral(['company']),
        column: sql.raw('rs.company_id'),
        share: sql.raw('rs.company_share'),
      }
    : {
        accounts: arrayLiteral(['driver', 'driver_cash']),
        column: sql.raw('rs.driver_id'),
        share: sql.raw('rs.driver_share'),
      };
}

/** The period's bounds as instants: its first day's midnight (UTC) and the one after its last day. */
function boundsOf({ from, to }: Period) {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  return { start: `${from}T00:00:00.000Z`, end };
}

/**
 * The party's entries written `when`, each with its set's cause: read from
 * the party's index, each set found by its id (a subquery per entry, which
 * the planner keeps: joined, seeing few sets that are not splits, it would
 * scan every set for them).
 */
function entriesWithCause(party: Party, when: SQL): SQL {
  const { accounts } = sideOf(party);
  return sql`select e.set_id, e.amount, e.created_at, c.cause, c.cause_id
    from ledger_entries e,
      lateral (select s.cause, s.cause_id from ledger_sets s where s.id = e.set_id offset 0) c
    where e.party_id = ${party.id} and e.account = any(${accounts}::text[]) and ${when}`;
}

/** The party's name: a company's company name (else its name), a driver's name; null if none such. */
export async function partyName(db: Db, party: Party): Promise<string | null> {
  const role = party.kind === 'company' ? 'Company' : 'Driver';
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select coalesce(nullif(company_name, ''), name, '') as name from users
        where id = ${party.id} and role = ${role} and deleted_at is null`,
  );
  return row ? row.name : null;
}

type Summary = {
  balance: string;
  trips: number;
  gross: string;
  coupons: string;
  commission: string;
  share: string;
  cash: string;
  trips_total: string;
  trips_since: string;
  refunds: string;
  adjustments: string;
  payouts: string;
  others_since: string;
  other_lines: number;
};

/**
 * The statement without its lines, in one statement: the balance now (every
 * entry of the party), the movements from `from` on (the period's, and
 * those after it, taken back off the balance for the opening), and the
 * period's trips' splits.
 */
async function summaryOf(db: Db, party: Party, period: Period) {
  const { accounts, column, share } = sideOf(party);
  const { start, end } = boundsOf(period);
  const [row] = await rowsOf<Summary>(
    db,
    sql`with trip_sets as (
          select rs.set_id, rs.completed_at < ${end}::timestamptz as inside, rs.gross,
            rs.coupon_discount, rs.platform_commission, ${share} as share,
            case when rs.cash_collected then rs.gross - rs.coupon_discount else 0 end as cash
          from ride_splits rs
          where ${column} = ${party.id} and rs.completed_at >= ${start}::timestamptz
        ),
        trip_moves as (
          select t.inside, -sum(e.amount) as amount
          from trip_sets t
          join ledger_entries e on e.set_id = t.set_id and e.party_id = ${party.id}
            and e.account = any(${accounts}::text[])
          group by t.inside
        ),
        other_sets as (
          select e.set_id, e.cause, max(e.created_at) < ${end}::timestamptz as inside,
            -sum(e.amount) as amount
          from (${entriesWithCause(party, sql`e.created_at >= ${start}::timestamptz`)}) e
          where e.cause <> 'ride_split'
          group by e.set_id, e.cause
        )
        select
          (select coalesce(-sum(amount), 0)::text from ledger_entries
            where party_id = ${party.id} and account = any(${accounts}::text[])) as balance,
          t.trips, t.gross, t.coupons, t.commission, t.share, t.cash,
          (select coalesce(sum(amount) filter (where inside), 0)::text from trip_moves) as trips_total,
          (select coalesce(sum(amount), 0)::text from trip_moves) as trips_since,
          o.refunds, o.adjustments, o.payouts, o.others_since, o.other_lines
        from (
          select count(*)::int as trips, coalesce(sum(gross), 0)::text as gross,
            coalesce(sum(coupon_discount), 0)::text as coupons,
            coalesce(sum(platform_commission), 0)::text as commission,
            coalesce(sum(share), 0)::text as share, coalesce(sum(cash), 0)::text as cash
          from trip_sets where inside
        ) t, (
          select coalesce(sum(amount) filter (where inside and cause = 'refund'), 0)::text as refunds,
            coalesce(sum(amount) filter (where inside and cause = 'adjustment'), 0)::text as adjustments,
            coalesce(sum(amount) filter (where inside and cause = 'payout'), 0)::text as payouts,
            coalesce(sum(amount), 0)::text as others_since,
            (count(*) filter (where inside))::int as other_lines
          from other_sets
        ) o`,
  );
  return row!;
}

type LineRow = Omit<StatementLine, 'set_id' | 'reference' | 'ride_id'> & {
  set_id: string;
  reference: string;
  ride_id: number | null;
};

/** The period's lines, the oldest first (then by ledger set): its trips, then every other set. */
export function linesQuery(party: Party, period: Period): SQL {
  const { accounts, column, share } = sideOf(party);
  const { start, end } = boundsOf(period);
  return sql`select ${isoText(sql`l.at`)} as at, l.kind, l.set_id::text, l.reference::text, l.ride_id,
      l.gross::text, l.coupon_discount::text, l.platform_commission::text, l.share::text,
      l.cash_collected::text, l.amount::text
    from (
      select rs.completed_at as at, 'ride_split' as kind, rs.set_id, rs.ride_id::bigint as reference,
        rs.ride_id, rs.gross, rs.coupon_discount, rs.platform_commission, ${share} as share,
        case when rs.cash_collected then rs.gross - rs.coupon_discount else 0.00 end as cash_collected,
        coalesce((select -sum(e.amount) from ledger_entries e
          where e.set_id = rs.set_id and e.party_id = ${party.id}
            and e.account = any(${accounts}::text[])), 0.00) as amount
      from ride_splits rs
      where ${column} = ${party.id} and rs.completed_at >= ${start}::timestamptz
        and rs.completed_at < ${end}::timestamptz
      union all
      select max(e.created_at), e.cause, e.set_id, e.cause_id, null, null, null, null, null, null,
        -sum(e.amount)
      from (${entriesWithCause(
        party,
        sql`e.created_at >= ${start}::timestamptz and e.created_at < ${end}::timestamptz`,
      )}) e
      where e.cause <> 'ride_split'
      group by e.set_id, e.cause, e.cause_id
    ) l
    order by l.at, l.set_id`;
}

/** A line as the wire has it. */
export const lineOf = (row: LineRow): StatementLine => ({
  ...row,
  set_id: Number(row.set_id),
  reference: Number(row.reference),
  amount: textOf(centsOf(row.amount)),
});

/** A party's statement for a period, its lines paged. */
export async function statementOf(
  db: Db,
  party: Party & { name: string },
  period: Period,
  page: PageRequest,
): Promise<Statement> {
  const s = await summaryOf(db, party, period);
  const balance = centsOf(s.balance);
  const opening = balance - centsOf(s.trips_since) - centsOf(s.others_since);
  const moved =
    centsOf(s.trips_total) + centsOf(s.refunds) + centsOf(s.adjustments) + centsOf(s.payouts);
  const total = s.trips + s.other_lines;
  const rows =
    offsetOf(page) >= total
      ? []
      : await rowsOf<LineRow>(
          db,
          sql`${linesQuery(party, period)} limit ${page.per_page} offset ${offsetOf(page)}`,
        );
  const amount = (text: string) => textOf(centsOf(text));
  return {
    party: { kind: party.kind, id: party.id, name: party.name },
    from: period.from,
    to: period.to,
    opening_balance: textOf(opening),
    trips: s.trips,
    gross: amount(s.gross),
    coupons: amount(s.coupons),
    commission: amount(s.commission),
    share: amount(s.share),
    cash_collected: amount(s.cash),
    trips_total: amount(s.trips_total),
    refunds: amount(s.refunds),
    adjustments: amount(s.adjustments),
    payouts: amount(s.payouts),
    closing_balance: textOf(opening + moved),
    lines: pageOf(rows.map(lineOf), total, page),
  };
}
