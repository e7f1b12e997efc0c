import type { CommissionRule, RideSplit } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { allOf, isoText, rowsOf } from '../../lib/sql';

export type RuleFilter = { serviceType?: number; companyId?: number };

type RuleRow = CommissionRule;

const ruleColumns = sql`c.id, c.service_type_id as service_type, s.title as service_type_title,
  c.company_id, u.company_name, c.percent::text as percent,
  c.company_percent::text as company_percent, c.starts_on::text as "from",
  ${isoText(sql`c.created_at`)} as created_at`;

const ruleJoins = sql`from commission_rules c
  join service_types s on s.id = c.service_type_id
  left join users u on u.id = c.company_id`;

const ruleWhere = (f: RuleFilter) =>
  allOf([
    ...(f.serviceType === undefined ? [] : [sql`c.service_type_id = ${f.serviceType}`]),
    ...(f.companyId === undefined ? [] : [sql`c.company_id = ${f.companyId}`]),
  ]);

/** Commission rules, the latest `from` first (then the newest), paged: an office keeps few. */
export async function listRules(db: Db, f: RuleFilter, request: PageRequest) {
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n ${ruleJoins} where ${ruleWhere(f)}`,
  );
  const rows = await rowsOf<RuleRow>(
    db,
    sql`select ${ruleColumns} ${ruleJoins} where ${ruleWhere(f)}
        order by c.starts_on desc, c.id desc limit ${request.per_page} offset ${offsetOf(request)}`,
  );
  return pageOf(rows, count!.n, request);
}

async function ruleById(tx: Tx, id: number) {
  const [row] = await rowsOf<RuleRow>(
    tx,
    sql`select ${ruleColumns} ${ruleJoins} where c.id = ${id}`,
  );
  return row!;
}

export async function serviceTypeExists(tx: Tx, id: number) {
  const rows = await rowsOf(tx, sql`select 1 from service_types where id = ${id}`);
  return rows.length > 0;
}

/** A live company (role Company, not deleted). */
export async function companyExists(db: Db | Tx, id: number) {
  const rows = await rowsOf(
    db,
    sql`select 1 from users where id = ${id} and role = 'Company' and deleted_at is null`,
  );
  return rows.length > 0;
}

export async function driverExists(db: Db | Tx, id: number) {
  const rows = await rowsOf(
    db,
    sql`select 1 from users where id = ${id} and role = 'Driver' and deleted_at is null`,
  );
  return rows.length > 0;
}

/** Inserts a rule; null when one of the same service type, company and day exists. */
export async function insertRule(
  tx: Tx,
  rule: {
    serviceType: number;
    companyId: number | null;
    percent: string;
    companyPercent: string;
    from: string;
    adminId: number | null;
  },
) {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into commission_rules (service_type_id, company_id, percent, company_percent, starts_on, admin_id)
        values (${rule.serviceType}, ${rule.companyId}, ${rule.percent}, ${rule.companyPercent},
          ${rule.from}, ${rule.adminId})
        on conflict do nothing returning id`,
  );
  return row ? ruleById(tx, row.id) : null;
}

export async function rideExists(db: Db | Tx, id: number) {
  return (await rowsOf(db, sql`select 1 from rides where id = ${id}`)).length > 0;
}

export async function splitOfRide(db: Db, rideId: number): Promise<RideSplit | null> {
  const [row] = await rowsOf<RideSplit>(
    db,
    sql`select ride_id, gross::text, coupon_discount::text, platform_commission::text,
          company_share::text, driver_share::text, cash_collected, rule_id,
          percent::text, company_percent::text, ${isoText(sql`completed_at`)} as completed_at
        from ride_splits where ride_id = ${rideId}`,
  );
  return row ?? null;
}
