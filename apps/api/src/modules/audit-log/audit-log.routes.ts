import { AUDIT_MESSAGES, auditLog, type AuditEntry } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { itemBatches, sendCsv, type CsvColumn } from '../../lib/export';
import { route } from '../../lib/route';
import { auditPage, exportAudit } from './audit-log.repository';

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The columns of the audit log's export: what its screen shows, changes as JSON. */
const AUDIT_COLUMNS: readonly CsvColumn<AuditEntry>[] = [
  { header: 'Time', cell: (e) => e.created_at },
  { header: 'Administrator', cell: (e) => e.admin?.name },
  { header: 'Email', cell: (e) => e.admin?.email },
  { header: 'Action', cell: (e) => e.action },
  { header: 'Record', cell: (e) => e.table_name },
  { header: 'Record ID', cell: (e) => e.record_id },
  { header: 'Record name', cell: (e) => e.record_name },
  { header: 'Before', cell: (e) => json(e.before) },
  { header: 'After', cell: (e) => json(e.after) },
  { header: 'Reason', cell: (e) => e.reason },
  { header: 'IP address', cell: (e) => e.ip },
];

/** Settings -> Audit log: who did what to which record, and when (Owners only). */
export async function auditLogRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, auditLog, async (request, reply) => {
    const { page, per_page, admin_id, action, table, search, from, to } = request.query;
    const filters = { adminId: admin_id, action, table, search, from, to };
    if (request.query.format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: auditLog,
        columns: AUDIT_COLUMNS,
        batches: () => itemBatches(app.database, exportAudit(filters)),
      });
    }
    return {
      status: true,
      message: AUDIT_MESSAGES.listed,
      data: await auditPage(db, filters, { page, per_page }),
    };
  });
}
