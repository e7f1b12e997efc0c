import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

/** Writes who did what to which record; call inside the change's transaction. */
export async function audit(
  db: Db | Tx,
  request: FastifyRequest,
  entry: {
    adminId?: number | null;
    action: string;
    tableName: string;
    recordId?: number | null;
    before?: unknown;
    after?: unknown;
  },
) {
  await db.insert(auditLog).values({
    adminId: entry.adminId ?? request.session?.adminId ?? null,
    action: entry.action,
    tableName: entry.tableName,
    recordId: entry.recordId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: request.ip,
  });
}
