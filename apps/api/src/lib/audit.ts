import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

type AuditEntry = {
  adminId?: number | null;
  action: string;
  tableName: string;
  recordId?: number | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes who did what to which record; call inside the change's transaction.
 * `actor` is the request (its administrator and address) or, for work done
 * outside a request (the server's own commands), the address it came from:
 * null for a command run on the server.
 */
export async function audit(
  db: Db | Tx,
  actor: FastifyRequest | { ip: string | null },
  entry: AuditEntry,
) {
  const session = 'session' in actor ? actor.session : null;
  await db.insert(auditLog).values({
    adminId: entry.adminId ?? session?.adminId ?? null,
    action: entry.action,
    tableName: entry.tableName,
    recordId: entry.recordId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}
