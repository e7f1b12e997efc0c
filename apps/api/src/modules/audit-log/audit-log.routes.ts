import { AUDIT_MESSAGES, auditLog } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { auditPage } from './audit-log.repository';

/** Settings -> Audit log: who did what to which record, and when (Owners only). */
export async function auditLogRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, auditLog, async (request) => {
    const { page, per_page, admin_id, action, table, from, to } = request.query;
    return {
      status: true,
      message: AUDIT_MESSAGES.listed,
      data: await auditPage(db, { adminId: admin_id, action, table, from, to }, { page, per_page }),
    };
  });
}
