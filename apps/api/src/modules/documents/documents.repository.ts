import {
  DOCUMENT_EXPIRED_REASON,
  EXPIRING_DOCUMENTS_OF,
  type ActiveStatus,
  type Approval,
  type ExpiringDocument,
  type ExpiringDocumentItem,
  type ExpiryDates,
  type Paged,
  type ReviewKind,
  type UserType,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { writeEvent } from '../../lib/outbox';
import { boundedLimitOf, boundedPageOf, pageOf, type PageRequest } from '../../lib/paging';
import { countOf, rowsOf } from '../../lib/sql';
import { kindOfRole, type Expiries } from './documents';

export type OwnerTable = 'users' | 'vehicles';

/** The UTC calendar day of a moment, `YYYY-MM-DD`: what expiry dates are compared with. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * A record's expiry dates as one JSON object (`{"driver_licence": "2027-03-31"}`),
 * or null when none is known: a column for the queries that answer documents.
 */
export const expiriesOf = (table: OwnerTable, id: SQL) => sql`(
  select json_object_agg(de.document, de.expires_on::text) from document_expiries de
  where de.table_name = ${table} and de.record_id = ${id})`;

/**
 * Whether the owner of document row `d` is a live, Approved record: the
 * documents the expiring view lists and the daily check acts on. A scalar
 * subquery, so each row is one primary-key lookup (an EXISTS here is planned
 * as a hash of every approved user, ten times slower at the large scale).
 */
export const ownerIsApproved = sql`coalesce((
  select o.approval = 'Approved' and o.deleted_at is null from (
    select u.approval, u.deleted_at from users u where d.table_name = 'users' and u.id = d.record_id
    union all
    select v.approval, v.deleted_at from vehicles v
    where d.table_name = 'vehicles' and v.id = d.record_id) o), false)`;

/**
 * How an administrator recognises the owner of document row `d`: its kind, a
 * name (a company's name, a driver's, a vehicle's brand, model and plate), and
 * its Active status.
 */
const ownerColumns = sql`
  case when d.table_name = 'vehicles' then 'vehicle'
       when u.role = 'Company' then 'company' else 'driver' end as kind,
  case when d.table_name = 'vehicles' then
         (select b.name from brands b where b.id = v.brand_id) || ' ' ||
         (select m.name from models m where m.id = v.model_id) || ' (' || v.license_number || ')'
       else coalesce(nullif(u.company_name, ''), u.name) end as name,
  coalesce(u.status, v.status) as status`;
const ownerJoins = sql`
  left join users u on d.table_name = 'users' and u.id = d.record_id
  left join vehicles v on d.table_name = 'vehicles' and v.id = d.record_id`;

type ExpiringRow = {
  table_name: OwnerTable;
  record_id: number;
  document: ExpiringDocument;
  expires_on: string | null;
  days_left: number | null;
  kind: ReviewKind;
  name: string;
  status: ActiveStatus;
};

const toItem = (r: ExpiringRow): ExpiringDocumentItem => ({
  table: r.table_name,
  id: r.record_id,
  kind: r.kind,
  name: r.name,
  document: r.document,
  expires_on: r.expires_on,
  days_left: r.days_left,
  expiry: r.days_left === null ? 'date_missing' : r.days_left <= 0 ? 'expired' : 'expiring',
  status: r.status,
});

type DocumentKey = { table_name: OwnerTable; record_id: number; document: string };

/**
 * The named owners of document rows, those without a date first, then soonest
 * expiry first, with the days left from `today` (0 without one; null without a date).
 */
export async function describeDocuments(
  db: Db | Tx,
  keys: readonly DocumentKey[],
  today?: string,
): Promise<ExpiringRow[]> {
  if (keys.length === 0) return [];
  return rowsOf<ExpiringRow>(
    db,
    sql`select d.table_name, d.record_id, d.document, d.expires_on::text as expires_on,
          ${today === undefined ? sql`0` : sql`(d.expires_on - ${today}::date)`} as days_left,
          ${ownerColumns}
        from document_expiries d ${ownerJoins}
        where (d.table_name, d.record_id, d.document) in (${sql.join(
          keys.map((k) => sql`(${k.table_name}, ${k.record_id}::int, ${k.document})`),
          sql`, `,
        )})
        order by d.expires_on nulls first, d.table_name, d.record_id, d.document`,
  );
}

/**
 * The documents of Approved records that stop being valid within `withinDays`
 * of `today`, those already expired included, soonest first, after those
 * whose date is missing (never suspended until someone enters it). Counted only as
 * far as boundedPageOf needs (ten pages ahead): each candidate costs a lookup
 * of its owner, so an exact count grows with every expiring document while
 * this stays bounded by the page asked for.
 */
export async function listExpiring(
  db: Db,
  today: string,
  withinDays: number,
  request: PageRequest,
): Promise<Paged<ExpiringDocumentItem>> {
  const limit = boundedLimitOf(request);
  // Undated and dated rows each walk document_expiries_expires_idx; undated ones come first.
  const found = await rowsOf<DocumentKey>(
    db,
    sql`select table_name, record_id, document from (
          (select d.table_name, d.record_id, d.document, d.expires_on from document_expiries d
           where d.expires_on <= ${today}::date + ${withinDays}::int and ${ownerIsApproved}
           order by d.expires_on, d.table_name, d.record_id, d.document limit ${limit})
          union all
          (select d.table_name, d.record_id, d.document, d.expires_on from document_expiries d
           where d.expires_on is null and ${ownerIsApproved}
           order by d.table_name, d.record_id, d.document limit ${limit})) found
        order by expires_on nulls first, table_name, record_id, document
        limit ${limit}`,
  );
  const { rows: keys, total, exact } = boundedPageOf(found, request);
  const rows = await describeDocuments(db, keys, today);
  return pageOf(rows.map(toItem), total, request, exact);
}

/** A live company, driver or vehicle, locked for the change: its kind and status. */
type Owner = {
  kind: ReviewKind | null;
  approval: Approval;
  status: ActiveStatus;
  status_reason: string | null;
};

export async function lockOwner(tx: Tx, table: OwnerTable, id: number): Promise<Owner | null> {
  const [row] = await rowsOf<Omit<Owner, 'kind'> & { role: UserType | null }>(
    tx,
    table === 'users'
      ? sql`select role, approval, status, status_reason from users
            where id = ${id} and deleted_at is null for update`
      : sql`select null as role, approval, status, status_reason from vehicles
            where id = ${id} and deleted_at is null for update`,
  );
  if (!row) return null;
  const { role, ...rest } = row;
  return { ...rest, kind: role === null ? 'vehicle' : kindOfRole(role) };
}

/** Whether every date given is of an expiring document that a record of this kind has. */
export const documentsBelongTo = (kind: ReviewKind | null, dates: ExpiryDates) =>
  Object.keys(dates).every(
    (document) =>
      kind !== null && (EXPIRING_DOCUMENTS_OF[kind] as readonly string[]).includes(document),
  );

/**
 * Stores expiry dates of a record's documents (inside the caller's
 * transaction) and answers what they were. A changed date starts the
 * reminders over; a date after `today` also clears a past expiry.
 */
export async function saveExpiries(
  tx: Tx,
  table: OwnerTable,
  id: number,
  dates: ExpiryDates,
  today: string,
): Promise<Expiries> {
  const before: Expiries = {};
  for (const [document, expiresOn] of Object.entries(dates)) {
    if (expiresOn === undefined) continue;
    const [previous] = await rowsOf<{ expires_on: string }>(
      tx,
      sql`select expires_on::text as expires_on from document_expiries
          where table_name = ${table} and record_id = ${id} and document = ${document} for update`,
    );
    if (previous) before[document as ExpiringDocument] = previous.expires_on;
    await tx.execute(sql`
      insert into document_expiries (table_name, record_id, document, expires_on)
      values (${table}, ${id}, ${document}, ${expiresOn})
      on conflict (table_name, record_id, document) do update set
        expires_on = excluded.expires_on,
        reminded_days = case when document_expiries.expires_on = excluded.expires_on
                             then document_expiries.reminded_days end,
        expired_at = case when excluded.expires_on > ${today}::date then null
                          else document_expiries.expired_at end,
        updated_at = now()`);
  }
  return before;
}

/**
 * The expiring documents of an approved record that have no date yet get a
 * row without one: the expiring documents list them as "date missing" until
 * someone enters it (inside the caller's transaction).
 */
export async function markDatesMissing(
  tx: Tx,
  table: OwnerTable,
  id: number,
  kind: ReviewKind | null,
): Promise<void> {
  const documents = kind === null ? [] : EXPIRING_DOCUMENTS_OF[kind];
  if (documents.length === 0) return;
  await tx.execute(sql`
    insert into document_expiries (table_name, record_id, document)
    select ${table}, ${id}::int, document from (values ${sql.join(
      documents.map((document) => sql`(${document})`),
      sql`, `,
    )}) as missing(document)
    on conflict (table_name, record_id, document) do nothing`);
}

/**
 * A driver or vehicle that the daily check made Inactive because a document
 * expired is Active again once none of its documents is expired (audited).
 * Answers its status after.
 */
async function restoreIfRenewed(
  tx: Tx,
  actor: Actor,
  table: OwnerTable,
  id: number,
  owner: Owner,
  today: string,
): Promise<ActiveStatus> {
  if (owner.status !== 'Inactive' || owner.status_reason !== DOCUMENT_EXPIRED_REASON) {
    return owner.status;
  }
  const expired = await countOf(
    tx,
    sql`select count(*)::int as n from document_expiries
        where table_name = ${table} and record_id = ${id} and expires_on <= ${today}::date`,
  );
  if (expired > 0) return owner.status;
  await tx.execute(
    sql`update ${sql.identifier(table)} set status = 'Active', status_reason = null,
          updated_at = now() where id = ${id}`,
  );
  await audit(tx, actor, {
    action: 'document-renewed',
    tableName: table,
    recordId: id,
    before: { status: 'Inactive', status_reason: owner.status_reason },
    after: { status: 'Active' },
  });
  await writeEvent(
    tx,
    'status.changed',
    { table, id, kind: owner.kind ?? 'user' },
    { status: 'Active', reason: null },
  );
  return 'Active';
}

export type DocumentUpdate = {
  table: OwnerTable;
  id: number;
  document: ExpiringDocument;
  expiresOn: string;
};

/**
 * Sets the expiry of one document (audited) and restores its owner when that
 * renews it. `today` is the day the change is made.
 */
export async function updateDocument(
  db: Db,
  actor: Actor,
  change: DocumentUpdate,
  today: string,
): Promise<
  { kind: 'done'; status: ActiveStatus } | { kind: 'missing' } | { kind: 'no-such-document' }
> {
  const { table, id, document, expiresOn } = change;
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, table, id);
    if (!owner) return { kind: 'missing' };
    const dates = { [document]: expiresOn };
    if (!documentsBelongTo(owner.kind, dates)) return { kind: 'no-such-document' };
    const before = await saveExpiries(tx, table, id, dates, today);
    await audit(tx, actor, {
      action: 'document-update',
      tableName: table,
      recordId: id,
      before: { document, expires_on: before[document] ?? null },
      after: { document, expires_on: expiresOn },
    });
    return { kind: 'done', status: await restoreIfRenewed(tx, actor, table, id, owner, today) };
  });
}
