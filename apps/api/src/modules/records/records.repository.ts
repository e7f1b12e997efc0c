import type {
  ActiveStatus,
  Approval,
  ApprovalDecision,
  DeleteDataBody,
  UserType,
} from '@cabdesk/contract';
import { DIRECTORY_MESSAGES } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { coupons, supports, users, vehicles } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { rowsOf } from '../../lib/sql';

/**
 * The `table` values of the record calls, mapped to our own table objects: the
 * contract's zod enum is the allow-list, and only these objects reach the SQL.
 */
const TABLES = { users, vehicles, supports, coupons } as const;
type TableName = DeleteDataBody['table'];

const notFound = (table: TableName) =>
  new HttpError(
    404,
    table === 'users'
      ? DIRECTORY_MESSAGES.userNotFound
      : table === 'vehicles'
        ? DIRECTORY_MESSAGES.vehicleNotFound
        : DIRECTORY_MESSAGES.recordNotFound,
  );

/** Switches a live account Active or Inactive; a company only once Approved. */
export async function updateStatus(
  db: Db,
  request: FastifyRequest,
  id: number,
  status: ActiveStatus,
) {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ role: UserType; status: ActiveStatus; approval: Approval }>(
      tx,
      sql`select role, status, approval from users
          where id = ${id} and deleted_at is null for update`,
    );
    if (!row) throw notFound('users');
    if (row.role === 'Company' && row.approval !== 'Approved') {
      throw new HttpError(409, DIRECTORY_MESSAGES.companyNotApproved);
    }
    await tx.execute(sql`update users set status = ${status}, updated_at = now() where id = ${id}`);
    await audit(tx, request, {
      action: 'status-update',
      tableName: 'users',
      recordId: id,
      before: { status: row.status },
      after: { status },
    });
    return { id, status };
  });
}

/** Approves or rejects a Pending account or vehicle; a decided record stays decided. */
export async function updateApproval(
  db: Db,
  request: FastifyRequest,
  table: 'users' | 'vehicles',
  id: number,
  approval: ApprovalDecision,
) {
  const target = TABLES[table];
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ approval: Approval }>(
      tx,
      sql`select approval from ${target} where id = ${id} and deleted_at is null for update`,
    );
    if (!row) throw notFound(table);
    if (row.approval !== 'Pending') {
      throw new HttpError(
        409,
        `${DIRECTORY_MESSAGES.alreadyDecided} This one is already ${row.approval}.`,
      );
    }
    await tx.execute(
      sql`update ${target} set approval = ${approval}, updated_at = now() where id = ${id}`,
    );
    await audit(tx, request, {
      action: 'approval-user',
      tableName: table,
      recordId: id,
      before: { approval: row.approval },
      after: { approval },
    });
    return { id, approval };
  });
}

/**
 * Soft delete: sets deleted_at, so the record leaves every list and counter
 * while rides and transactions keep pointing at it. The audit row keeps the
 * record as it was.
 */
export async function softDelete(db: Db, request: FastifyRequest, table: TableName, id: number) {
  const target = TABLES[table];
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<Record<string, unknown>>(
      tx,
      sql`select * from ${target} where id = ${id} and deleted_at is null for update`,
    );
    if (!row) throw notFound(table);
    const [after] = await rowsOf<{ deleted_at: string }>(
      tx,
      sql`update ${target} set deleted_at = now(), updated_at = now() where id = ${id}
          returning deleted_at::text as deleted_at`,
    );
    const { search: _search, ...before } = row;
    await audit(tx, request, {
      action: 'delete-data',
      tableName: table,
      recordId: id,
      before,
      after: { deleted_at: after?.deleted_at ?? null },
    });
    return { id };
  });
}
