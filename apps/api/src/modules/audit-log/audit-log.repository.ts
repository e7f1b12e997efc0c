import { AUDIT_PEOPLE_KINDS, type AuditEntry } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boundedLimitOf, boundedPageOf, pageOf, type PageRequest } from '../../lib/paging';
import { containsPattern, matches } from '../../lib/search';
import { allOf, arrayLiteral, isoText, rowsOf } from '../../lib/sql';

export type AuditFilters = {
  adminId?: number;
  action?: string;
  /** A table, or the people of one role (`passengers`, `drivers`, `companies`). */
  table?: string;
  /** The record's name: a person's or company's, a plate, a coupon code, an FAQ's question... */
  search?: string;
  /** A UTC day `YYYY-MM-DD` or an ISO instant. */
  from?: string;
  to?: string;
};

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const instant = (value: string) => sql`${new Date(value).toISOString()}::timestamptz`;
/** The start of the day after `day` (UTC). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** Each filter is one condition an index of audit_log leads with (see schema.ts). */
function conditionsOf(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.adminId !== undefined) conditions.push(sql`a.admin_id = ${filters.adminId}`);
  if (filters.action) conditions.push(sql`a.action = ${filters.action}`);
  const table = filters.table;
  // Own keys only: `table=__proto__` is a table name to match, not the object's prototype.
  const role =
    table !== undefined && Object.hasOwn(AUDIT_PEOPLE_KINDS, table)
      ? AUDIT_PEOPLE_KINDS[table as keyof typeof AUDIT_PEOPLE_KINDS]
      : undefined;
  if (role) {
    conditions.push(
      sql`a.table_name = 'users'`,
      sql`exists (select 1 from users u where u.id = a.record_id and u.role = ${role})`,
    );
  } else if (table) conditions.push(sql`a.table_name = ${table}`);
  if (filters.search) conditions.push(namedLike(filters.search));
  if (filters.from) {
    const from = isDay(filters.from) ? `${filters.from}T00:00:00Z` : filters.from;
    conditions.push(sql`a.created_at >= ${instant(from)}`);
  }
  if (filters.to) {
    conditions.push(
      isDay(filters.to)
        ? sql`a.created_at < ${instant(dayAfter(filters.to))}`
        : sql`a.created_at <= ${instant(filters.to)}`,
    );
  }
  return conditions;
}

/**
 * The entries about records whose name matches: each kind's matching records
 * through its own search (the people's and vehicles' trigram indexes), then
 * their entries through audit_log_record_idx.
 */
const namedLike = (term: string) => {
  const like = containsPattern(term);
  return sql`(
    (a.table_name in ('users', 'bank_details') and a.record_id in (select id from users where ${matches(sql`search`, term)}))
    or (a.table_name = 'vehicles' and a.record_id in (select id from vehicles where ${matches(sql`search`, term, { plate: true })}))
    or (a.table_name = 'coupons' and a.record_id in (select id from coupons where lower(coupon_code) like lower(${like}) escape '\\'
          or lower(title) like lower(${like}) escape '\\'))
    or (a.table_name = 'supports' and a.record_id in (select id from faqs where lower(question) like lower(${like}) escape '\\'))
    or (a.table_name = 'admins' and a.record_id in (select id from admins where lower(name || ' ' || email) like lower(${like}) escape '\\'))
    or (a.table_name = 'webhooks' and a.record_id in (select id from webhooks where lower(url) like lower(${like}) escape '\\'))
    or (a.table_name = 'integration_keys' and a.record_id in (select id from integration_keys where lower(name) like lower(${like}) escape '\\'))
    or (a.table_name = 'rides' and a.record_id::text = ${term.replace(/^#/, '')})
  )`;
};

type EntryRow = {
  id: string | number;
  admin_id: number | null;
  admin_name: string | null;
  admin_email: string | null;
  action: string;
  table_name: string;
  record_id: number | null;
  record_role: string | null;
  record_name: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  created_at: string;
};

const toEntry = (row: EntryRow): AuditEntry => ({
  id: Number(row.id),
  admin:
    row.admin_id === null
      ? null
      : { id: row.admin_id, name: row.admin_name ?? '', email: row.admin_email ?? '' },
  action: row.action,
  table_name: row.table_name,
  record_id: row.record_id,
  record_role: row.record_role,
  record_name: row.record_name,
  before: row.before,
  after: row.after,
  reason: row.reason,
  ip: row.ip,
  created_at: row.created_at,
});

/**
 * The entries of the log `a` with who acted, for people (and their bank
 * details, kept by the person's id) their role (for the link), and the
 * record's name: a person's, a company's, a plate, a coupon's
 * code, an FAQ's question, an administrator's, a webhook's address, a key's.
 */
const entries = sql`
  select a.id, a.admin_id, ad.name as admin_name, ad.email as admin_email, a.action,
    a.table_name, a.record_id, u.role::text as record_role,
    case when u.id is not null
      then case when u.role = 'Company' then coalesce(nullif(u.company_name, ''), u.name) else u.name end
    else case a.table_name
      when 'vehicles' then (select v.license_number from vehicles v where v.id = a.record_id)
      when 'coupons' then (select c.coupon_code from coupons c where c.id = a.record_id)
      when 'supports' then (select f.question from faqs f where f.id = a.record_id)
      when 'admins' then (select coalesce(nullif(r.name, ''), r.email) from admins r where r.id = a.record_id)
      when 'webhooks' then (select w.url from webhooks w where w.id = a.record_id)
      when 'integration_keys' then (select k.name from integration_keys k where k.id = a.record_id)
    end end as record_name,
    a.before, a.after, a.reason, a.ip, ${isoText(sql`a.created_at`)} as created_at
  from audit_log a
  left join admins ad on ad.id = a.admin_id
  left join users u on a.table_name in ('users', 'bank_details') and u.id = a.record_id`;

/** Every entry the filters keep, newest first, as one statement for an export. */
export const exportAudit = (filters: AuditFilters) => ({
  query: sql`${entries} where ${allOf(conditionsOf(filters))} order by a.created_at desc, a.id desc`,
  toItem: toEntry,
});

/**
 * A page of the audit log, newest first. The ids come first from one index
 * (newest first, at most the page and ten more: a log of millions is never
 * counted whole, see boundedPageOf), then the page's rows with who acted and,
 * for people, their role (for the link).
 */
export async function auditPage(db: Db, filters: AuditFilters, request: PageRequest) {
  const found = await rowsOf<{ id: string | number }>(
    db,
    sql`select a.id from audit_log a
        where ${allOf(conditionsOf(filters))}
        order by a.created_at desc, a.id desc
        limit ${boundedLimitOf(request)}`,
  );
  const { rows: ids, total, exact } = boundedPageOf(found, request);
  if (ids.length === 0) return pageOf([], total, request, exact);
  const rows = await rowsOf<EntryRow>(
    db,
    sql`${entries} where a.id = any(${arrayLiteral(ids.map((row) => Number(row.id)))}::bigint[])
        order by a.created_at desc, a.id desc`,
  );
  return pageOf(rows.map(toEntry), total, request, exact);
}
