import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * Who acts: the signed-in administrator and the address the request came
 * from (a Fastify request is one), or for work outside a request, such as
 * the server's own commands, `{ ip: null }`.
 */
export type Actor = { ip: string | null; session?: { adminId: number } | null };

type AuditEntry = {
  adminId?: number | null;
  action: string;
  tableName: string;
  recordId?: number | null;
  before?: unknown;
  after?: unknown;
  /** Why, in the administrator's words (a cancelled trip's reason). */
  reason?: string | null;
};

/** Writes who did what to which record; call inside the change's transaction. */
export async function audit(db: Db | Tx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    adminId: entry.adminId ?? actor.session?.adminId ?? null,
    action: entry.action,
    tableName: entry.tableName,
    recordId: entry.recordId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: actor.ip,
  });
}
