import {
  adjustmentCreate,
  financeDashboard,
  moneyApprove,
  moneyReject,
  moneyRequestList,
  type MoneyRequest,
  type MoneyRequestStatus,
  moneySettings,
  moneySettingsSave,
  moneyWithdraw,
  REFUND_MESSAGES,
  refundCreate,
  RIDE_MESSAGES,
  TREND_DAYS,
} from '@cabdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError, onField } from '../../lib/http-error';
import { writeEvent } from '../../lib/outbox';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { centsOf, textOf, writeLedgerSets } from './ledger';
import { rideExists } from './money.repository';
import { adjustmentEntries, refundEntries } from './refunds.ledger';
import {
  approvalThreshold,
  financeFigures,
  insertRequest,
  listRequests,
  lockedRequest,
  lockedSplit,
  markApproved,
  markDecided,
  partyRole,
  refundedOf,
  requestById,
  setApprovalThreshold,
} from './refunds.repository';

/** Whether `amount` (either sign) is above the threshold, so that a second administrator approves it. */
const needsSecond = (amount: string, threshold: string) => {
  const cents = centsOf(amount);
  return (cents < 0n ? -cents : cents) > centsOf(threshold);
};

/** The 409 of a request no longer waiting, by what it became. */
const decidedMessage: Record<Exclude<MoneyRequestStatus, 'pending'>, string> = {
  approved: REFUND_MESSAGES.alreadyApproved,
  rejected: REFUND_MESSAGES.alreadyRejected,
  withdrawn: REFUND_MESSAGES.alreadyWithdrawn,
};

/** What the marketplace is told of a refund or an adjustment. */
const eventFields = (request: MoneyRequest) => ({
  [request.kind === 'refund' ? 'refund_id' : 'adjustment_id']: request.id,
  amount: request.amount,
  reason: request.reason,
  status: request.status,
});

/**
 * Writes an approved request's ledger set and tells the marketplace, in the
 * caller's transaction (the request's row and, for a refund, its trip's
 * split locked). A refund's set reverses the split in proportion to what
 * was already approved (refunds.ledger.ts).
 */
async function approve(
  tx: Tx,
  http: FastifyRequest,
  request: {
    id: number;
    kind: 'refund' | 'adjustment';
    ride_id: number | null;
    party_id: number | null;
    amount: string;
  },
  approverId: number,
) {
  let entries;
  if (request.kind === 'refund') {
    const split = (await lockedSplit(tx, request.ride_id!))!;
    const { approved } = await refundedOf(tx, request.ride_id!);
    entries = refundEntries(
      {
        gross: centsOf(split.gross),
        coupon: centsOf(split.coupon),
        commission: centsOf(split.commission),
        companyShare: centsOf(split.company_share),
        driverShare: centsOf(split.driver_share),
        companyId: split.company_id,
        driverId: split.driver_id,
      },
      centsOf(approved),
      centsOf(request.amount),
    );
  } else {
    const { company_id } = (await requestById(tx, request.id))!;
    const kind = company_id !== null ? 'company' : 'driver';
    entries = adjustmentEntries({ kind, id: request.party_id! }, centsOf(request.amount));
  }
  const [setId] = await writeLedgerSets(tx, [
    { cause: request.kind, causeId: request.id, entries },
  ]);
  await markApproved(tx, request.id, approverId, setId!);
  const approved = (await requestById(tx, request.id))!;
  await audit(tx, http, {
    action: 'approve',
    tableName: 'money_requests',
    recordId: request.id,
    after: approved,
  });
  if (approved.kind === 'refund') {
    await writeEvent(
      tx,
      'refund.approved',
      { table: 'rides', id: approved.ride_id!, kind: 'trip' },
      eventFields(approved),
    );
  } else {
    const company = approved.company_id !== null;
    await writeEvent(
      tx,
      'adjustment.approved',
      {
        table: 'users',
        id: (approved.company_id ?? approved.driver_id)!,
        kind: company ? 'company' : 'driver',
      },
      eventFields(approved),
    );
  }
  return approved;
}

/**
 * Rejects (a second administrator, with a reason) or withdraws (its maker) a
 * waiting request, in the caller's transaction (its row locked): no ledger
 * set, its amount no longer counted against its trip. A refund's marketplace
 * was told it was asked for (`refund.requested`), so it is told it will not
 * come; a waiting adjustment was never sent.
 */
async function decide(
  tx: Tx,
  http: FastifyRequest,
  id: number,
  decision: { status: 'rejected' | 'withdrawn'; by: number; reason: string | null },
) {
  await markDecided(tx, id, decision);
  const decided = (await requestById(tx, id))!;
  await audit(tx, http, {
    action: decision.status === 'rejected' ? 'reject' : 'withdraw',
    tableName: 'money_requests',
    recordId: id,
    after: decided,
    reason: decision.reason,
  });
  if (decided.kind === 'refund') {
    await writeEvent(
      tx,
      decision.status === 'rejected' ? 'refund.rejected' : 'refund.withdrawn',
      { table: 'rides', id: decided.ride_id!, kind: 'trip' },
      { ...eventFields(decided), decision_reason: decided.decision_reason },
    );
  }
  return decided;
}

/**
 * Refunds, adjustments and their second approver (who approves or rejects;
 * the maker may withdraw), the approval threshold,
 * Finance's dashboard (issue 48, points 5 and 6; docs/money.md).
 */
export async function refundRoutes(app: FastifyInstance) {
  const { db } = app.database;

  /**
   * Records a refund or an adjustment: approved at once by its maker at or
   * below the threshold, else waiting. `check` refuses bad input before
   * anything is written.
   */
  async function create(
    http: FastifyRequest,
    made: {
      kind: 'refund' | 'adjustment';
      rideId: number | null;
      partyId: number | null;
      amount: string;
      reason: string;
    },
    check: (tx: Tx) => Promise<void>,
  ) {
    const makerId = sessionOf(http).adminId;
    return db.transaction(async (tx) => {
      await check(tx);
      const threshold = await approvalThreshold(tx);
      const id = await insertRequest(tx, { ...made, threshold, makerId });
      const created = (await requestById(tx, id))!;
      await audit(tx, http, {
        action: 'create',
        tableName: 'money_requests',
        recordId: id,
        after: created,
        reason: made.reason,
      });
      if (needsSecond(made.amount, threshold)) {
        if (made.kind === 'refund') {
          await writeEvent(
            tx,
            'refund.requested',
            { table: 'rides', id: made.rideId!, kind: 'trip' },
            eventFields(created),
          );
        }
        return created;
      }
      return approve(
        tx,
        http,
        { id, kind: made.kind, ride_id: made.rideId, party_id: made.partyId, amount: made.amount },
        makerId,
      );
    });
  }

  route(app, refundCreate, async (request) => {
    const { ride_id, amount, reason } = request.body;
    const made = await create(
      request,
      { kind: 'refund', rideId: ride_id, partyId: null, amount, reason },
      async (tx) => {
        const split = await lockedSplit(tx, ride_id);
        if (!split) {
          if (!(await rideExists(tx, ride_id))) {
            throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
          }
          throw onField(400, 'ride_id', REFUND_MESSAGES.rideNotSplit);
        }
        const paid = centsOf(split.gross) - centsOf(split.coupon);
        const { all } = await refundedOf(tx, ride_id);
        if (centsOf(all) + centsOf(amount) > paid) {
          throw onField(400, 'amount', REFUND_MESSAGES.overPaid.replace('{paid}', textOf(paid)));
        }
      },
    );
    return {
      status: true,
      message:
        made.status === 'approved' ? REFUND_MESSAGES.refundApproved : REFUND_MESSAGES.refundPending,
      data: made,
    };
  });

  route(app, adjustmentCreate, async (request) => {
    const { company_id, driver_id, amount, reason } = request.body;
    const partyId = (company_id ?? driver_id)!;
    const made = await create(
      request,
      { kind: 'adjustment', rideId: null, partyId, amount, reason },
      async (tx) => {
        const role = await partyRole(tx, partyId);
        if (role !== (company_id !== undefined ? 'Company' : 'Driver')) {
          throw onField(
            400,
            company_id !== undefined ? 'company_id' : 'driver_id',
            REFUND_MESSAGES.partyUnknown,
          );
        }
      },
    );
    return {
      status: true,
      message:
        made.status === 'approved'
          ? REFUND_MESSAGES.adjustmentApproved
          : REFUND_MESSAGES.adjustmentPending,
      data: made,
    };
  });

  route(app, moneyApprove, async (request) => {
    const approverId = sessionOf(request).adminId;
    const approved = await db.transaction(async (tx) => {
      const waiting = await lockedRequest(tx, request.body.id);
      if (!waiting) throw new HttpError(404, REFUND_MESSAGES.notFound);
      if (waiting.status !== 'pending') throw new HttpError(409, decidedMessage[waiting.status]);
      if (waiting.maker_id === approverId) {
        throw new HttpError(403, REFUND_MESSAGES.makerCannotApprove);
      }
      return approve(tx, request, waiting, approverId);
    });
    return { status: true, message: REFUND_MESSAGES.approved, data: approved };
  });

  route(app, moneyReject, async (request) => {
    const by = sessionOf(request).adminId;
    const rejected = await db.transaction(async (tx) => {
      const waiting = await lockedRequest(tx, request.body.id);
      if (!waiting) throw new HttpError(404, REFUND_MESSAGES.notFound);
      if (waiting.status !== 'pending') throw new HttpError(409, decidedMessage[waiting.status]);
      if (waiting.maker_id === by) throw new HttpError(403, REFUND_MESSAGES.makerCannotReject);
      return decide(tx, request, waiting.id, {
        status: 'rejected',
        by,
        reason: request.body.reason,
      });
    });
    return { status: true, message: REFUND_MESSAGES.rejected, data: rejected };
  });

  route(app, moneyWithdraw, async (request) => {
    const by = sessionOf(request).adminId;
    const withdrawn = await db.transaction(async (tx) => {
      const waiting = await lockedRequest(tx, request.body.id);
      if (!waiting) throw new HttpError(404, REFUND_MESSAGES.notFound);
      if (waiting.status !== 'pending') throw new HttpError(409, decidedMessage[waiting.status]);
      if (waiting.maker_id !== by) throw new HttpError(403, REFUND_MESSAGES.onlyMakerWithdraws);
      return decide(tx, request, waiting.id, { status: 'withdrawn', by, reason: null });
    });
    return { status: true, message: REFUND_MESSAGES.withdrawn, data: withdrawn };
  });

  route(app, moneyRequestList, async (request) => {
    const { status, kind, ride_id, page, per_page } = request.query;
    return {
      status: true,
      message: REFUND_MESSAGES.listed,
      data: await listRequests(db, { status, kind, rideId: ride_id }, { page, per_page }),
    };
  });

  route(app, moneySettings, async () => ({
    status: true,
    message: REFUND_MESSAGES.settings,
    data: { approval_threshold: await approvalThreshold(db) },
  }));

  route(app, moneySettingsSave, async (request) => {
    const { approval_threshold } = request.body;
    await db.transaction(async (tx) => {
      const before = await approvalThreshold(tx);
      await setApprovalThreshold(tx, approval_threshold);
      await audit(tx, request, {
        action: 'money_settings',
        tableName: 'app_flags',
        before: { approval_threshold: before },
        after: { approval_threshold },
      });
    });
    return {
      status: true,
      message: REFUND_MESSAGES.settingsSaved,
      data: { approval_threshold },
    };
  });

  route(app, financeDashboard, async () => ({
    status: true,
    message: REFUND_MESSAGES.dashboard,
    data: await financeFigures(db, TREND_DAYS),
  }));
}
