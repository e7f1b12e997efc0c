import type { AnnotatedTable, HistoryEntry, Paged } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isPastEnd, offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { countOf, isoText, rowsOf } from '../../lib/sql';

type Json = Record<string, unknown> | null;

type HistoryRow = {
  id: number;
  action: string;
  admin_id: number | null;
  admin_name: string | null;
  before: Json;
  after: Json;
  created_at: string;
};

/** The reason an audit row records: a decision's, a cancellation's, an expiry's. */
const reasonOf = (after: Json): string | null => {
  const reason = after?.reason ?? after?.cancel_reason ?? after?.status_reason;
  return typeof reason === 'string' && reason !== '' ? reason : null;
};

/** What administrators (and the server's own checks) did to a record, newest first. */
export async function listHistory(
  db: Db,
  table: AnnotatedTable,
  id: number,
  request: PageRequest,
): Promise<Paged<HistoryEntry>> {
  const where = sql`l.table_name = ${table} and l.record_id = ${id}`;
  const total = await countOf(db, sql`select count(*)::int as n from audit_log l where ${where}`);
  if (isPastEnd(request, total)) return pageOf([], total, request);
  const rows = await rowsOf<HistoryRow>(
    db,
    sql`select l.id::int as id, l.action, l.admin_id,
          (select a.name from admins a where a.id = l.admin_id) as admin_name,
          l.before, l.after, ${isoText(sql`l.created_at`)} as created_at
        from audit_log l where ${where}
        order by l.created_at desc, l.id desc
        limit ${request.per_page} offset ${offsetOf(request)}`,
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      action: r.action,
      admin: r.admin_id === null ? null : { id: r.admin_id, name: r.admin_name ?? '' },
      before: asObject(r.before),
      after: asObject(r.after),
      reason: reasonOf(asObject(r.after)),
      created_at: r.created_at,
    })),
    total,
    request,
  );
}

/** jsonb arrives parsed; a value that is no object (never written so) is shown as none. */
const asObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
