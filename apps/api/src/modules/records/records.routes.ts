import {
  approvalUndo,
  approvalUser,
  BULK_FILTER_MAX,
  BULK_MESSAGES,
  bulkAction,
  DECISION_MESSAGES,
  deleteData,
  DIRECTORY_MESSAGES,
  mayDelete,
  statusUpdate,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { runBulk } from './bulk';
import { roleRefused, sessionOf } from '../auth';
import {
  refusalMessage,
  softDelete,
  undoApproval,
  updateApproval,
  updateStatus,
  type RecordTable,
  type Refusal,
} from './records.repository';

/** What a refused record call answers: 404 when there is no such record, else 409. */
function refused(refusal: Refusal, table: RecordTable) {
  const message = refusalMessage(refusal, table);
  switch (refusal.kind) {
    case 'missing':
      return new HttpError(404, message);
    case 'no-such-document':
      return new HttpError(400, message, { expires_on: message });
    default:
      return new HttpError(409, message);
  }
}

/**
 * status-update, approval-user, approval-undo and delete-data (SPEC 7). Each
 * is one transaction: the row is locked, checked, changed and audited
 * together. Decisions are stamped with the app's clock.
 */
export async function recordRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, statusUpdate, async (request) => {
    const { table, id, status, reason } = request.body;
    const result = await updateStatus(db, request, { table, id, status, reason });
    if (result.kind !== 'done') throw refused(result, table);
    return {
      status: true,
      message: DIRECTORY_MESSAGES.statusUpdated,
      data: { id: result.id, status: result.status },
    };
  });

  route(app, approvalUser, async (request) => {
    const { id, table, approval, reason, expires_on } = request.body;
    const result = await updateApproval(
      db,
      request,
      { table, id, approval, reason, expiresOn: expires_on },
      app.clock(),
    );
    if (result.kind !== 'done') throw refused(result, table);
    return {
      status: true,
      message: DIRECTORY_MESSAGES.approvalUpdated,
      data: { id: result.id, approval: result.approval },
    };
  });

  route(app, approvalUndo, async (request) => {
    const { id, table } = request.body;
    const result = await undoApproval(db, request, table, id, app.clock());
    if (result.kind !== 'done') throw refused(result, table);
    return {
      status: true,
      message: DECISION_MESSAGES.undone,
      data: { id: result.id, approval: result.approval },
    };
  });

  route(app, deleteData, async (request) => {
    const { id, table } = request.body;
    const { role } = sessionOf(request);
    // One call for four tables: the role must be allowed this one (DELETE_ROLES).
    if (!mayDelete(role, table)) throw roleRefused(role);
    const result = await softDelete(db, request, table, id);
    if (result.kind !== 'done') throw refused(result, table);
    return { status: true, message: DIRECTORY_MESSAGES.deleted, data: { id: result.id } };
  });

  route(app, bulkAction, async (request) => {
    const result = await runBulk(db, request, request.body, app.clock());
    if (result.kind === 'too-many') {
      const message = BULK_MESSAGES.tooMany
        .replace('{count}', String(result.count))
        .replace('{max}', String(BULK_FILTER_MAX));
      throw new HttpError(400, message, { filter: message });
    }
    const { done, skipped, failed } = result;
    return {
      status: true,
      message: BULK_MESSAGES.summary
        .replace('{done}', String(done.length))
        .replace('{skipped}', String(skipped.length))
        .replace('{failed}', String(failed.length)),
      data: { done, skipped, failed },
    };
  });
}
