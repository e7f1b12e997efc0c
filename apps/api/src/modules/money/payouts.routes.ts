import {
  bankDetailsSave,
  PAYOUT_MESSAGES,
  payoutBatchApprove,
  payoutBatchCreate,
  payoutBatchDetail,
  payoutBatchExport,
  payoutBatchList,
  payoutBatchMark,
  type WebhookEventType,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError, onField } from '../../lib/http-error';
import { writeEvent } from '../../lib/outbox';
import { isUniqueViolation } from '../../lib/pg-errors';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { payoutCsv, payoutPain001 } from './payouts.files';
import {
  bankDetailsOf,
  bankLinesOf,
  batchById,
  batchDetail,
  batchForExport,
  draftBatch,
  lastPeriodEnd,
  listBatches,
  moveBatch,
  payeeRole,
  payeesOf,
  saveBankDetails,
  writeApproval,
  writeMark,
} from './payouts.repository';

const missing = () => new HttpError(404, PAYOUT_MESSAGES.batchMissing);

/** The batch's webhook (payout.approved, .paid, .failed): its total and each payee's amount. */
async function announce(tx: Tx, type: WebhookEventType, batchId: number) {
  const found = await batchById(tx, batchId);
  const { batch } = found!;
  await writeEvent(
    tx,
    type,
    { table: 'payout_batches', id: batchId, kind: 'payout_batch' },
    {
      period_end: batch.period_end,
      total: batch.total,
      reference: batch.reference,
      payees: await payeesOf(tx, batchId),
    },
  );
  return batch;
}

/** Payouts (issue 48): bank details and payout batches. */
export async function payoutRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { payouts } = app.config;

  route(app, bankDetailsSave, async (request) => {
    const { user_id, iban, bic, holder } = request.body;
    const adminId = sessionOf(request).adminId;
    const saved = await db.transaction(async (tx) => {
      if (!(await payeeRole(tx, user_id))) {
        throw onField(404, 'user_id', PAYOUT_MESSAGES.payeeUnknown);
      }
      const before = await saveBankDetails(tx, user_id, { iban, bic, holder }, adminId);
      await audit(tx, request, {
        action: before ? 'update' : 'create',
        tableName: 'bank_details',
        recordId: user_id,
        before,
        after: { iban, bic, holder },
      });
      return (await bankDetailsOf(tx, user_id, true))!;
    });
    return { status: true, message: PAYOUT_MESSAGES.bankDetailsSaved, data: saved };
  });

  route(app, payoutBatchCreate, async (request) => {
    const { period_end } = request.body;
    const today = app.clock().toISOString().slice(0, 10);
    if (period_end > today) throw onField(400, 'period_end', PAYOUT_MESSAGES.periodEndFuture);
    try {
      const id = await db.transaction(async (tx) => {
        const last = await lastPeriodEnd(tx);
        if (last !== null && period_end < last) {
          throw onField(400, 'period_end', PAYOUT_MESSAGES.periodEndBefore.replace('{day}', last));
        }
        const drafted = await draftBatch(tx, {
          periodEnd: period_end,
          minimum: payouts.minimum,
          adminId: sessionOf(request).adminId,
        });
        for (const old of drafted.discarded) {
          await audit(tx, request, {
            action: 'update',
            tableName: 'payout_batches',
            recordId: old,
            before: { status: 'draft' },
            after: { status: 'discarded', by: drafted.id },
          });
        }
        const { batch } = (await batchById(tx, drafted.id))!;
        await audit(tx, request, {
          action: 'create',
          tableName: 'payout_batches',
          recordId: drafted.id,
          after: batch,
        });
        return drafted.id;
      });
      return {
        status: true,
        message: PAYOUT_MESSAGES.batchDrafted,
        data: (await batchDetail(db, id))!,
      };
    } catch (error) {
      // Two drafts at once: the one-draft index lets the first in.
      if (isUniqueViolation(error, 'payout_batches_one_draft')) {
        throw onField(409, 'period_end', PAYOUT_MESSAGES.draftRace);
      }
      throw error;
    }
  });

  route(app, payoutBatchList, async (request) => ({
    status: true,
    message: PAYOUT_MESSAGES.batchesListed,
    data: await listBatches(db, request.query),
  }));

  route(app, payoutBatchDetail, async (request) => {
    const detail = await batchDetail(db, request.query.id);
    if (!detail) throw missing();
    return { status: true, message: PAYOUT_MESSAGES.batchFetched, data: detail };
  });

  route(app, payoutBatchApprove, async (request) => {
    const { id } = request.body;
    const adminId = sessionOf(request).adminId;
    const batch = await db.transaction(async (tx) => {
      const found = await batchById(tx, id);
      if (!found) throw missing();
      if (found.draftedBy === adminId) throw new HttpError(403, PAYOUT_MESSAGES.makerApproves);
      if (found.batch.status !== 'draft') throw new HttpError(409, PAYOUT_MESSAGES.notDraft);
      if (found.batch.payees === 0) throw new HttpError(409, PAYOUT_MESSAGES.nothingToPay);
      if (!(await moveBatch(tx, id, ['draft'], 'approved', { approvedBy: adminId }))) {
        throw new HttpError(409, PAYOUT_MESSAGES.notDraft);
      }
      if (!(await writeApproval(tx, id))) throw new HttpError(409, PAYOUT_MESSAGES.balancesChanged);
      const approved = await announce(tx, 'payout.approved', id);
      await audit(tx, request, {
        action: 'approve',
        tableName: 'payout_batches',
        recordId: id,
        before: { status: 'draft' },
        after: { status: 'approved', total: approved.total },
      });
      return approved;
    });
    return { status: true, message: PAYOUT_MESSAGES.batchApproved, data: batch };
  });

  route(app, payoutBatchExport, async (request, reply) => {
    const { id, format } = request.query;
    const batch = await batchForExport(db, id);
    if (!batch) throw missing();
    if (batch.status !== 'approved' && batch.status !== 'exported') {
      throw new HttpError(409, PAYOUT_MESSAGES.notApproved);
    }
    const lines = await bankLinesOf(db, id);
    const file = {
      id,
      periodEnd: batch.period_end,
      approvedAt: batch.approved_at!,
      debtor: payouts.debtor,
    };
    const body = format === 'csv' ? payoutCsv(file, lines) : payoutPain001(file, lines);
    await db.transaction(async (tx) => {
      await moveBatch(tx, id, ['approved'], 'exported');
      await audit(tx, request, {
        action: 'export',
        tableName: 'payout_batches',
        recordId: id,
        after: { format },
      });
    });
    return reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml')
      .header(
        'content-disposition',
        `attachment; filename="payout-${id}.${format === 'csv' ? 'csv' : 'xml'}"`,
      )
      .header('cache-control', 'no-store')
      .send(Buffer.from(body, 'utf8'));
  });

  route(app, payoutBatchMark, async (request) => {
    const { id, status, reference } = request.body;
    const batch = await db.transaction(async (tx) => {
      const found = await batchById(tx, id);
      if (!found) throw missing();
      const moved = await moveBatch(tx, id, ['approved', 'exported'], status, {
        markedBy: sessionOf(request).adminId,
        reference: reference ?? null,
      });
      if (!moved) throw new HttpError(409, PAYOUT_MESSAGES.notApproved);
      await writeMark(tx, id, status);
      const marked = await announce(tx, status === 'paid' ? 'payout.paid' : 'payout.failed', id);
      await audit(tx, request, {
        action: status === 'paid' ? 'paid' : 'failed',
        tableName: 'payout_batches',
        recordId: id,
        before: { status: found.batch.status },
        after: { status, reference: reference ?? null },
      });
      return marked;
    });
    return { status: true, message: PAYOUT_MESSAGES.batchMarked, data: batch };
  });
}
