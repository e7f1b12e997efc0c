import {
  BULK_MESSAGES,
  DECISION_MESSAGES,
  DIRECTORY_MESSAGES,
  DOCUMENT_MESSAGES,
  UNDO_WINDOW_SECONDS,
  type ActiveStatus,
  type Approval,
  type ApprovalDecision,
  type DeleteDataBody,
  type ExpiryDates,
  type ReviewKind,
  type UserType,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { coupons, faqs, users, vehicles } from '../../db/schema';
import { audit, type Actor } from '../../lib/audit';
import { notificationFor, notify } from '../../lib/notify';
import { writeEvent } from '../../lib/outbox';
import { at } from '../../lib/rate-limit';
import { rowsOf } from '../../lib/sql';
import {
  dayOf,
  documentsBelongTo,
  kindOfRole,
  lockOwner,
  markDatesMissing,
  saveExpiries,
  type OwnerTable,
} from '../documents';

/**
 * The `table` values of the record calls (SPEC 7's wire names), mapped to our
 * own table objects: the contract's zod enum is the allow-list, and only these
 * objects reach the SQL.
 */
const TABLES = { users, vehicles, supports: faqs, coupons } as const;
export type RecordTable = DeleteDataBody['table'];

/** Why a record call changed nothing. */
export type Refusal =
  | { kind: 'missing' }
  /** A company is switched Active or Inactive only once Approved. */
  | { kind: 'company-not-approved' }
  /** Only a Pending record is decided. */
  | { kind: 'already-decided'; approval: Approval }
  /** An expiry date for a document this record does not have. */
  | { kind: 'no-such-document' }
  /** Someone else's decision, an older one, or none. */
  | { kind: 'not-undoable' }
  /** Already in the status asked for (a bulk change skips it). */
  | { kind: 'unchanged' };

type StatusResult = { kind: 'done'; id: number; status: ActiveStatus } | Refusal;

/** Why a record call changed nothing, in words (the 4xx message; a bulk action's `failed`). */
export function refusalMessage(refusal: Refusal, table: RecordTable): string {
  switch (refusal.kind) {
    case 'missing':
      return table === 'users'
        ? DIRECTORY_MESSAGES.userNotFound
        : table === 'vehicles'
          ? DIRECTORY_MESSAGES.vehicleNotFound
          : DIRECTORY_MESSAGES.recordNotFound;
    case 'company-not-approved':
      return DIRECTORY_MESSAGES.companyNotApproved;
    case 'already-decided':
      return `${DIRECTORY_MESSAGES.alreadyDecided} This one is already ${refusal.approval}.`;
    case 'no-such-document':
      return DOCUMENT_MESSAGES.noSuchDocument;
    case 'not-undoable':
      return DECISION_MESSAGES.notUndoable;
    case 'unchanged':
      return BULK_MESSAGES.unchanged;
  }
}

/** A status change: which record, to what, and why (stored while Inactive). */
export type StatusChange = {
  table: OwnerTable;
  id: number;
  status: ActiveStatus;
  reason?: string;
};

/**
 * Switches a live account or vehicle Active or Inactive; a company only once
 * Approved.
 */
export function updateStatus(db: Db, actor: Actor, change: StatusChange): Promise<StatusResult> {
  return db.transaction((tx) => setStatus(tx, actor, change));
}

/**
 * updateStatus inside the caller's transaction (bulk-action's chunk): the
 * row is locked, checked, changed and audited, and the marketplace told
 * (status.changed). An administrator's reason replaces the server's
 * ("Document expired"); Active clears it. With `skipUnchanged`, a record
 * already in that status is refused as `unchanged`, nothing written.
 */
export async function setStatus(
  tx: Tx,
  actor: Actor,
  change: StatusChange,
  options: { skipUnchanged?: boolean } = {},
): Promise<StatusResult> {
  const { table, id, status } = change;
  const reason = status === 'Inactive' ? (change.reason ?? null) : null;
  const [row] = await rowsOf<{
    role: UserType | null;
    status: ActiveStatus;
    status_reason: string | null;
    approval: Approval;
  }>(
    tx,
    table === 'users'
      ? sql`select role, status, status_reason, approval from users
            where id = ${id} and deleted_at is null for update`
      : sql`select null as role, status, status_reason, approval from vehicles
            where id = ${id} and deleted_at is null for update`,
  );
  if (!row) return { kind: 'missing' };
  if (options.skipUnchanged && row.status === status) return { kind: 'unchanged' };
  if (row.role === 'Company' && row.approval !== 'Approved') {
    return { kind: 'company-not-approved' };
  }
  await tx.execute(
    sql`update ${TABLES[table]} set status = ${status}, status_reason = ${reason},
          updated_at = now()
        where id = ${id}`,
  );
  await audit(tx, actor, {
    action: 'status-update',
    tableName: table,
    recordId: id,
    before: { status: row.status, status_reason: row.status_reason },
    after: { status, status_reason: reason },
  });
  await writeEvent(
    tx,
    'status.changed',
    {
      table,
      id,
      kind: row.role === null ? 'vehicle' : (kindOfRole(row.role) ?? 'user'),
    },
    { status, reason },
  );
  return { kind: 'done', id, status };
}

export type Decision = {
  table: OwnerTable;
  id: number;
  approval: ApprovalDecision;
  /** Why, when given; stored with who decided and when. */
  reason?: string;
  /** Expiry dates of the record's documents, read at review. */
  expiresOn?: ExpiryDates;
};

/** How the notifications name a record: a company's name, a driver's, a vehicle's brand, model and plate. */
async function labelOf(tx: Tx, table: OwnerTable, id: number): Promise<string> {
  const [row] = await rowsOf<{ label: string }>(
    tx,
    table === 'users'
      ? sql`select case when role = 'Company' then coalesce(nullif(company_name, ''), name)
                   else name end as label from users where id = ${id}`
      : sql`select b.name || ' ' || m.name || ' (' || v.license_number || ')' as label
            from vehicles v join brands b on b.id = v.brand_id join models m on m.id = v.model_id
            where v.id = ${id}`,
  );
  return row?.label ?? `#${id}`;
}

/** The acting administrator's name, for the notifications. */
export async function nameOf(tx: Tx, actor: Actor): Promise<string> {
  const adminId = actor.session?.adminId;
  if (adminId === undefined) return 'Cabdesk';
  const [row] = await rowsOf<{ name: string }>(
    tx,
    sql`select name from admins where id = ${adminId}`,
  );
  return row?.name ?? 'an administrator';
}

/** Tells every administrator what was decided about a company, driver or vehicle. */
async function announce(
  tx: Tx,
  actor: Actor,
  record: { kind: ReviewKind | null; table: OwnerTable; id: number },
  what: { approval: ApprovalDecision; reason: string | null } | 'undone',
) {
  if (record.kind === null) return;
  const base = {
    kind: record.kind,
    id: record.id,
    name: await labelOf(tx, record.table, record.id),
    by: await nameOf(tx, actor),
  };
  await notify(tx, {
    ...(what === 'undone'
      ? notificationFor.decisionUndone(base)
      : notificationFor.approvalDecided({ ...base, ...what })),
    authorId: actor.session?.adminId,
  });
}

/**
 * Approves or rejects a Pending account or vehicle; a decided record stays
 * decided. The reason, who decided and when (`now`) are stored with it, and
 * any expiry dates read at review (an approved record's documents without
 * one are "date missing"); it is audited and announced.
 */
export function updateApproval(
  db: Db,
  actor: Actor,
  decision: Decision,
  now: Date,
): Promise<DecisionResult> {
  return db.transaction((tx) => decide(tx, actor, decision, now));
}

type DecisionResult = { kind: 'done'; id: number; approval: ApprovalDecision } | Refusal;

/**
 * updateApproval inside the caller's transaction. bulk-action's chunks pass
 * `announce: false`: the bulk action is announced once, for all its records.
 */
export async function decide(
  tx: Tx,
  actor: Actor,
  decision: Decision,
  now: Date,
  options: { announce?: boolean } = {},
): Promise<DecisionResult> {
  const { table, id, approval, expiresOn } = decision;
  const reason = decision.reason ?? null;
  const owner = await lockOwner(tx, table, id);
  if (!owner) return { kind: 'missing' };
  if (owner.approval !== 'Pending') return { kind: 'already-decided', approval: owner.approval };
  if (expiresOn && !documentsBelongTo(owner.kind, expiresOn)) {
    return { kind: 'no-such-document' };
  }
  await tx.execute(
    sql`update ${TABLES[table]} set approval = ${approval}, approval_reason = ${reason},
          approval_decided_at = ${at(now)},
          approval_decided_by = ${actor.session?.adminId ?? null}, updated_at = now()
        where id = ${id}`,
  );
  const before = expiresOn ? await saveExpiries(tx, table, id, expiresOn, dayOf(now)) : {};
  if (approval === 'Approved') await markDatesMissing(tx, table, id, owner.kind);
  await audit(tx, actor, {
    action: 'approval-user',
    tableName: table,
    recordId: id,
    before: { approval: owner.approval, ...(expiresOn ? { expires_on: before } : {}) },
    after: { approval, reason, ...(expiresOn ? { expires_on: expiresOn } : {}) },
  });
  await writeEvent(
    tx,
    'approval.decided',
    { table, id, kind: owner.kind ?? 'user' },
    { approval, reason },
  );
  if (options.announce !== false) {
    await announce(tx, actor, { kind: owner.kind, table, id }, { approval, reason });
  }
  return { kind: 'done', id, approval };
}

/**
 * Takes back a decision: only its own administrator, within
 * UNDO_WINDOW_SECONDS of `now`. The record is Pending again (audited and
 * announced); expiry dates entered with it stay, they are facts about the
 * documents.
 */
export async function undoApproval(
  db: Db,
  actor: Actor,
  table: OwnerTable,
  id: number,
  now: Date,
): Promise<{ kind: 'done'; id: number; approval: Approval } | Refusal> {
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, table, id);
    if (!owner) return { kind: 'missing' };
    const [row] = await rowsOf<{ mine: boolean; reason: string | null }>(
      tx,
      sql`select coalesce(approval_decided_by = ${actor.session?.adminId ?? null}
                 and approval_decided_at > ${at(now)} - make_interval(secs => ${UNDO_WINDOW_SECONDS}), false) as mine,
                 approval_reason as reason
          from ${TABLES[table]} where id = ${id}`,
    );
    if (owner.approval === 'Pending' || !row?.mine) return { kind: 'not-undoable' };
    await tx.execute(
      sql`update ${TABLES[table]} set approval = 'Pending', approval_reason = null,
            approval_decided_at = null, approval_decided_by = null, updated_at = now()
          where id = ${id}`,
    );
    await audit(tx, actor, {
      action: 'approval-undo',
      tableName: table,
      recordId: id,
      before: { approval: owner.approval, reason: row.reason },
      after: { approval: 'Pending' },
    });
    // The marketplace learns the record waits for a decision again.
    await writeEvent(
      tx,
      'approval.decided',
      { table, id, kind: owner.kind ?? 'user' },
      { approval: 'Pending', reason: null, undone: true },
    );
    await announce(tx, actor, { kind: owner.kind, table, id }, 'undone');
    return { kind: 'done', id, approval: 'Pending' };
  });
}

/**
 * Soft delete: sets deleted_at, so the record leaves every list and counter
 * while rides and transactions keep pointing at it. The audit row keeps the
 * record as it was.
 */
export async function softDelete(
  db: Db,
  actor: Actor,
  table: RecordTable,
  id: number,
): Promise<{ kind: 'done'; id: number } | Refusal> {
  const target = TABLES[table];
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<Record<string, unknown>>(
      tx,
      sql`select * from ${target} where id = ${id} and deleted_at is null for update`,
    );
    if (!row) return { kind: 'missing' };
    const [after] = await rowsOf<{ deleted_at: string }>(
      tx,
      sql`update ${target} set deleted_at = now(), updated_at = now() where id = ${id}
          returning deleted_at::text as deleted_at`,
    );
    const { search: _search, ...before } = row;
    await audit(tx, actor, {
      action: 'delete-data',
      tableName: table,
      recordId: id,
      before,
      after: { deleted_at: after?.deleted_at ?? null },
    });
    await announceDeletion(tx, table, id, row);
    return { kind: 'done', id };
  });
}

/** The event of a deletion: a person or vehicle is gone; an FAQ entry or a coupon changed. */
async function announceDeletion(
  tx: Tx,
  table: RecordTable,
  id: number,
  row: Record<string, unknown>,
) {
  switch (table) {
    case 'users':
      return writeEvent(tx, 'record.deleted', {
        table,
        id,
        kind: kindOfRole(row.role as UserType) ?? 'user',
      });
    case 'vehicles':
      return writeEvent(tx, 'record.deleted', { table, id, kind: 'vehicle' });
    case 'supports':
      return writeEvent(tx, 'faq.changed', { table, id, kind: 'faq' }, { change: 'deleted' });
    case 'coupons':
      return writeEvent(tx, 'coupon.changed', { table, id, kind: 'coupon' }, { change: 'deleted' });
  }
}
