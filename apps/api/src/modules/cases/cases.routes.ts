import {
  CASE_MESSAGES,
  caseDeadlines,
  caseDeadlinesSave,
  caseDetail,
  caseList,
  caseUpdate,
  driverRating,
  driverRatingReview,
  RATING_REVIEW_DEFAULTS,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { HttpError, onField } from '../../lib/http-error';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { listDeadlines, saveDeadlines } from './deadlines';
import { caseDetailOf, listCases, updateCase, type CaseRefusal } from './desk';
import { driverRatingOf, ratingReview } from './ratings';

/** The answer of a case-update that changed nothing. */
function updateRefused(refusal: CaseRefusal, role: string) {
  switch (refusal.kind) {
    case 'missing':
      return new HttpError(404, CASE_MESSAGES.notFound);
    case 'closed':
      return new HttpError(409, CASE_MESSAGES.closed);
    case 'transition':
      return onField(
        409,
        'status',
        CASE_MESSAGES.badTransition.replace('{from}', refusal.from).replace('{to}', refusal.to),
      );
    case 'take-only':
      return onField(403, 'assignee_id', CASE_MESSAGES.takeOnly);
    case 'no-assignee':
      return onField(422, 'assignee_id', CASE_MESSAGES.noAssignee);
    case 'no-driver':
      return onField(422, 'outcome', CASE_MESSAGES.noDriver);
    case 'cannot-deactivate':
      return onField(403, 'outcome', CASE_MESSAGES.cannotDeactivate.replace('{role}', role));
    case 'outcome-first':
      return onField(422, 'outcome', CASE_MESSAGES.outcomeFirst);
    case 'no-trip':
      return onField(422, 'outcome', CASE_MESSAGES.noTrip);
    case 'refund-first':
      return onField(422, 'refund_id', CASE_MESSAGES.refundFirst);
    case 'no-refund':
      return onField(422, 'refund_id', CASE_MESSAGES.noRefund);
  }
}

/** The case desk (issue 49): the list, a case, working it, and the deadlines. */
export async function caseRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, caseList, async (request) => {
    const { status, kind, assignee_id, page, per_page } = request.query;
    return {
      status: true,
      message: CASE_MESSAGES.listed,
      data: await listCases(
        db,
        { status, kind, assigneeId: assignee_id },
        { page, per_page },
        app.clock(),
      ),
    };
  });

  route(app, caseDetail, async (request) => {
    const detail = await caseDetailOf(db, request.query.case_id, app.clock());
    if (!detail) throw new HttpError(404, CASE_MESSAGES.notFound);
    return { status: true, message: CASE_MESSAGES.fetched, data: detail };
  });

  route(app, caseUpdate, async (request) => {
    const session = sessionOf(request);
    const { id, status, assignee_id, note, note_kind, outcome, refund_id } = request.body;
    const result = await db.transaction(async (tx) => {
      const done = await updateCase(
        tx,
        { ip: request.ip, session },
        {
          id,
          status,
          assigneeId: assignee_id,
          note,
          noteKind: note_kind,
          outcome,
          refundId: refund_id,
        },
        app.clock(),
      );
      // A refusal rolls back whatever the call wrote before it was refused.
      if (done.kind !== 'done') throw updateRefused(done, session.role);
      return done;
    });
    return { status: true, message: CASE_MESSAGES.updated, data: result.item };
  });

  route(app, caseDeadlines, async () => ({
    status: true,
    message: CASE_MESSAGES.deadlinesFetched,
    data: await listDeadlines(db),
  }));

  route(app, caseDeadlinesSave, async (request) => {
    const saved = await db.transaction(async (tx) => {
      const { before, after } = await saveDeadlines(
        tx,
        request.body,
        request.session?.adminId ?? null,
      );
      await audit(tx, request, {
        action: 'case-deadlines-save',
        tableName: 'case_deadlines',
        before,
        after,
      });
      return after;
    });
    return { status: true, message: CASE_MESSAGES.deadlinesSaved, data: saved };
  });

  route(app, driverRating, async (request) => {
    const rating = await driverRatingOf(db, request.query.driver_id, request.query.last);
    if (!rating) throw new HttpError(404, CASE_MESSAGES.driverNotFound);
    return { status: true, message: CASE_MESSAGES.driverRating, data: rating };
  });

  route(app, driverRatingReview, async (request) => {
    const { below, last, page, per_page } = request.query;
    return {
      status: true,
      message: CASE_MESSAGES.ratingReview,
      data: await ratingReview(
        db,
        { below: below ?? RATING_REVIEW_DEFAULTS.below, last: last ?? RATING_REVIEW_DEFAULTS.last },
        { page, per_page },
      ),
    };
  });
}
