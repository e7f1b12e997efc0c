import type {
  ActiveStatus,
  Approval,
  ApprovalDecision,
  DeleteDataBody,
  UserType,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, faqs, users, vehicles } from '../../db/schema';
import { audit, type Actor } from '../../lib/audit';
import { rowsOf } from '../../lib/sql';

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
  | { kind: 'already-decided'; approval: Approval };

/** Switches a live account Active or Inactive; a company only once Approved. */
export async function updateStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: ActiveStatus,
): Promise<{ kind: 'done'; id: number; status: ActiveStatus } | Refusal> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ role: UserType; status: ActiveStatus; approval: Approval }>(
      tx,
      sql`select role, status, approval from users
          where id = ${id} and deleted_at is null for update`,
    );
    if (!row) return { kind: 'missing' };
    if (row.role === 'Company' && row.approval !== 'Approved') {
      return { kind: 'company-not-approved' };
    }
    await tx.execute(sql`update users set status = ${status}, updated_at = now() where id = ${id}`);
    await audit(tx, actor, {
      action: 'status-update',
      tableName: 'users',
      recordId: id,
      before: { status: row.status },
      after: { status },
    });
    return { kind: 'done', id, status };
  });
}

/** Approves or rejects a Pending account or vehicle; a decided record stays decided. */
export async function updateApproval(
  db: Db,
  actor: Actor,
  table: 'users' | 'vehicles',
  id: number,
  approval: ApprovalDecision,
): Promise<{ kind: 'done'; id: number; approval: ApprovalDecision } | Refusal> {
  const target = TABLES[table];
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ approval: Approval }>(
      tx,
      sql`select approval from ${target} where id = ${id} and deleted_at is null for update`,
    );
    if (!row) return { kind: 'missing' };
    if (row.approval !== 'Pending') return { kind: 'already-decided', approval: row.approval };
    await tx.execute(
      sql`update ${target} set approval = ${approval}, updated_at = now() where id = ${id}`,
    );
    await audit(tx, actor, {
      action: 'approval-user',
      tableName: table,
      recordId: id,
      before: { approval: row.approval },
      after: { approval },
    });
    return { kind: 'done', id, approval };
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
    return { kind: 'done', id };
  });
}
