import {
  DEFAULT_APPROVAL_THRESHOLD,
  type FinanceDashboard,
  type MoneyRequest,
  type MoneyRequestKind,
  type MoneyRequestStatus,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { allOf, isoText, rowsOf } from '../../lib/sql';

/** The app_flags key of the approval threshold. */
const THRESHOLD_FLAG = 'money.approval_threshold';

/** The approval threshold an Owner set, else the default ("100.00"). */
export async function approvalThreshold(db: Db | Tx): Promise<string> {
  const [row] = await rowsOf<{ value: string }>(
    db,
    sql`select value from app_flags where key = ${THRESHOLD_FLAG}`,
  );
  return row?.value ?? DEFAULT_APPROVAL_THRESHOLD;
}

export async function setApprovalThreshold(tx: Tx, value: string) {
  await tx.execute(
    sql`insert into app_flags (key, value) values (${THRESHOLD_FLAG}, ${value})
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
}

const requestColumns = sql`m.id, m.kind, m.status, m.ride_id,
  case when p.role = 'Company' then m.party_id end as company_id,
  case when p.role = 'Driver' then m.party_id end as driver_id,
  case when p.role = 'Company' then coalesce(p.company_name, p.name) else p.name end as party_name,
  m.amount::text as amount, m.reason, m.threshold::text as threshold,
  m.maker_id, maker.name as maker_name, m.approver_id, approver.name as approver_name,
  ${isoText(sql`m.created_at`)} as created_at,
  case when m.approved_at is not null then ${isoText(sql`m.approved_at`)} end as approved_at,
  m.decided_by, decider.name as decided_by_name,
  case when m.decided_at is not null then ${isoText(sql`m.decided_at`)} end as decided_at,
  m.decision_reason`;

const requestJoins = sql`from money_requests m
  join admins maker on maker.id = m.maker_id
  left join admins approver on approver.id = m.approver_id
  left join admins decider on decider.id = m.decided_by
  left join users p on p.id = m.party_id`;

export async function requestById(db: Db | Tx, id: number): Promise<MoneyRequest | null> {
  const [row] = await rowsOf<MoneyRequest>(
    db,
    sql`select ${requestColumns} ${requestJoins} where m.id = ${id}`,
  );
  return row ?? null;
}

export type RequestFilter = {
  status?: MoneyRequestStatus;
  kind?: MoneyRequestKind;
  rideId?: number;
};

/** Refunds and adjustments, the newest first, paged. */
export async function listRequests(db: Db, f: RequestFilter, request: PageRequest) {
  const where = allOf([
    ...(f.status === undefined ? [] : [sql`m.status = ${f.status}`]),
    ...(f.kind === undefined ? [] : [sql`m.kind = ${f.kind}`]),
    ...(f.rideId === undefined ? [] : [sql`m.ride_id = ${f.rideId}`]),
  ]);
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from money_requests m where ${where}`,
  );
  const rows = await rowsOf<MoneyRequest>(
    db,
    sql`select ${requestColumns} ${requestJoins} where ${where}
        order by m.created_at desc, m.id desc limit ${request.per_page} offset ${offsetOf(request)}`,
  );
  return pageOf(rows, count!.n, request);
}

/** A completed trip's split, its row locked so two refunds of it are decided one after the other. */
export async function lockedSplit(tx: Tx, rideId: number) {
  const [row] = await rowsOf<{
    gross: string;
    coupon: string;
    commission: string;
    company_share: string;
    driver_share: string;
    company_id: number | null;
    driver_id: number | null;
  }>(
    tx,
    sql`select gross::text, coupon_discount::text as coupon, platform_commission::text as commission,
          company_share::text, driver_share::text, company_id, driver_id
        from ride_splits where ride_id = ${rideId} for update`,
  );
  return row ?? null;
}

/**
 * What the trip's refunds already take: approved, and waiting too (so the
 * total stays within what was paid); rejected and withdrawn ones take nothing.
 */
export async function refundedOf(tx: Tx, rideId: number) {
  const [row] = await rowsOf<{ approved: string; all: string }>(
    tx,
    sql`select coalesce(sum(amount) filter (where status = 'approved'), 0)::text as approved,
          coalesce(sum(amount) filter (where status in ('pending', 'approved')), 0)::text as all
        from money_requests where kind = 'refund' and ride_id = ${rideId}`,
  );
  return row!;
}

/** A live company's or driver's role, or null. */
export async function partyRole(db: Db | Tx, id: number) {
  const [row] = await rowsOf<{ role: string }>(
    db,
    sql`select role from users where id = ${id} and role in ('Company', 'Driver') and deleted_at is null`,
  );
  return row?.role ?? null;
}

export async function insertRequest(
  tx: Tx,
  request: {
    kind: MoneyRequestKind;
    rideId: number | null;
    partyId: number | null;
    amount: string;
    reason: string;
    threshold: string;
    makerId: number;
  },
) {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into money_requests (kind, status, ride_id, party_id, amount, reason, threshold, maker_id)
        values (${request.kind}, 'pending', ${request.rideId}, ${request.partyId}, ${request.amount},
          ${request.reason}, ${request.threshold}, ${request.makerId})
        returning id`,
  );
  return row!.id;
}

/** The request, locked, as it stands (null when unknown). */
export async function lockedRequest(tx: Tx, id: number) {
  const [row] = await rowsOf<{
    id: number;
    kind: MoneyRequestKind;
    status: MoneyRequestStatus;
    ride_id: number | null;
    party_id: number | null;
    amount: string;
    maker_id: number;
  }>(
    tx,
    sql`select id, kind, status, ride_id, party_id, amount::text, maker_id
        from money_requests where id = ${id} for update`,
  );
  return row ?? null;
}

export async function markApproved(tx: Tx, id: number, approverId: number, setId: number) {
  await tx.execute(
    sql`update money_requests set status = 'approved', approver_id = ${approverId},
          set_id = ${setId}, approved_at = now()
        where id = ${id}`,
  );
}

/** A waiting request rejected by a second administrator (with the reason) or withdrawn by its maker. */
export async function markDecided(
  tx: Tx,
  id: number,
  decision: { status: 'rejected' | 'withdrawn'; by: number; reason: string | null },
) {
  await tx.execute(
    sql`update money_requests set status = ${decision.status}, decided_by = ${decision.by},
          decided_at = now(), decision_reason = ${decision.reason}
        where id = ${id}`,
  );
}

type DashboardRow = {
  from: string;
  to: string;
  days: [string, string, string, string][];
  gross: string;
  coupons: string;
  commission: string;
  refunds: string;
  owed_to_companies: string;
  owed_to_drivers: string;
  owed_by_drivers: string;
};

/**
 * Finance's dashboard in one statement: the splits of the trips completed in
 * the last `days` UTC days (money_daily, their sums per day) and the refunds
 * approved then, per day; what is outstanding from the balances the ledger
 * keeps per party (ledger_balances), not from every entry.
 */
export async function financeFigures(db: Db, days: number): Promise<FinanceDashboard> {
  const [row] = await rowsOf<DashboardRow>(
    db,
    sql`
    with period as (
      select (now() at time zone 'UTC')::date - ${days - 1}::int as first,
             (now() at time zone 'UTC')::date as last
    ), splits as (
      select d.day, d.gross, d.coupons, d.commission from money_daily d, period
      where d.day >= period.first
    ), refunds as (
      select (m.approved_at at time zone 'UTC')::date as day, sum(m.amount) as refunds
      from money_requests m, period
      where m.status = 'approved' and m.kind = 'refund'
        and m.approved_at >= period.first::timestamp at time zone 'UTC'
      group by 1
    ), per_day as (
      select g.day::date as day, coalesce(s.gross, 0) as gross, coalesce(s.coupons, 0) as coupons,
        coalesce(s.commission, 0) as commission, coalesce(r.refunds, 0) as refunds
      from period, generate_series(period.first, period.last, interval '1 day') as g(day)
      left join splits s on s.day = g.day::date
      left join refunds r on r.day = g.day::date
    ), drivers as (
      select -sum(amount) as owed from ledger_balances
      where account in ('driver', 'driver_cash') group by party_id
    )
    select (select first::text from period) as "from", (select last::text from period) as "to",
      (select json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), gross::numeric(16, 2)::text,
         commission::numeric(16, 2)::text, refunds::numeric(16, 2)::text) order by day) from per_day) as days,
      (select sum(gross)::numeric(16, 2)::text from per_day) as gross,
      (select sum(coupons)::numeric(16, 2)::text from per_day) as coupons,
      (select sum(commission)::numeric(16, 2)::text from per_day) as commission,
      (select sum(refunds)::numeric(16, 2)::text from per_day) as refunds,
      (select coalesce(sum(greatest(-amount, 0)), 0)::numeric(16, 2)::text from ledger_balances
       where account = 'company') as owed_to_companies,
      (select coalesce(sum(greatest(owed, 0)), 0)::numeric(16, 2)::text from drivers) as owed_to_drivers,
      (select coalesce(sum(greatest(-owed, 0)), 0)::numeric(16, 2)::text from drivers) as owed_by_drivers`,
  );
  const r = row!;
  return {
    from: r.from,
    to: r.to,
    gross: r.gross,
    coupons: r.coupons,
    commission: r.commission,
    refunds: r.refunds,
    owed_to_companies: r.owed_to_companies,
    owed_to_drivers: r.owed_to_drivers,
    owed_by_drivers: r.owed_by_drivers,
    days: r.days.map(([day, gross, commission, refunds]) => ({ day, gross, commission, refunds })),
  };
}
