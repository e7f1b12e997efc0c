import {
  type Coupon,
  COUPON_MESSAGES,
  couponAdd,
  couponList,
  couponStatus,
  couponUpdate,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { writeEvent } from '../../lib/outbox';
import { csvColumns } from '../../lib/export';
import { isUniqueViolation } from '../../lib/pg-errors';
import { route } from '../../lib/route';
import { answerSmallList } from '../../lib/small-list';
import {
  countCoupons,
  insertCoupon,
  listCoupons,
  liveCouponWithCode,
  lockCoupon,
  setCouponSuspended,
  toCoupon,
  updateCoupon,
} from './coupons.repository';

const codeTaken = () =>
  new HttpError(409, COUPON_MESSAGES.taken, { coupon_code: COUPON_MESSAGES.taken });

/** Coupons: list, add, edit, suspend toggle. Deleting goes through delete-data. */
export async function couponRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, couponList, (request, reply) =>
    answerSmallList(app, request, reply, {
      endpoint: couponList,
      message: COUPON_MESSAGES.listed,
      columns: csvColumns<Coupon>({
        ID: 'id',
        Title: 'title',
        'Coupon code': 'coupon_code',
        'Discount (%)': 'discount',
        Description: 'description',
        Suspended: (c) => (c.suspend_status === 1 ? 'Yes' : 'No'),
        Created: 'created_at',
      }),
      rows: async (limit, offset) =>
        (await listCoupons(db, limit, offset, request.query.sort)).map(toCoupon),
      count: () => countCoupons(db),
    }),
  );

  route(app, couponAdd, async (request) => {
    const { title, coupon_code, discount, description } = request.body;
    try {
      const row = await db.transaction(async (tx) => {
        if (await liveCouponWithCode(tx, coupon_code)) throw codeTaken();
        const created = await insertCoupon(tx, {
          title,
          couponCode: coupon_code,
          discount,
          description,
        });
        await audit(tx, request, {
          action: 'create',
          tableName: 'coupons',
          recordId: created.id,
          after: toCoupon(created),
        });
        await couponChanged(tx, 'created', created);
        return created;
      });
      return { status: true, message: COUPON_MESSAGES.added, data: toCoupon(row) };
    } catch (err) {
      // Two admins adding the same code at once: the unique index decides.
      if (isUniqueViolation(err, 'coupons_code_key')) throw codeTaken();
      throw err;
    }
  });

  route(app, couponUpdate, async (request) => {
    const { coupon_id, title, coupon_code, discount, description } = request.body;
    try {
      const row = await db.transaction(async (tx) => {
        const before = await lockCoupon(tx, coupon_id);
        if (!before) throw new HttpError(404, COUPON_MESSAGES.missing);
        if (await liveCouponWithCode(tx, coupon_code, coupon_id)) throw codeTaken();
        const after = await updateCoupon(tx, coupon_id, {
          title,
          couponCode: coupon_code,
          discount,
          description,
        });
        await audit(tx, request, {
          action: 'update',
          tableName: 'coupons',
          recordId: coupon_id,
          before: toCoupon(before),
          after: toCoupon(after),
        });
        await couponChanged(tx, 'updated', after);
        return after;
      });
      return { status: true, message: COUPON_MESSAGES.updated, data: toCoupon(row) };
    } catch (err) {
      if (isUniqueViolation(err, 'coupons_code_key')) throw codeTaken();
      throw err;
    }
  });

  route(app, couponStatus, async (request) => {
    const { coupon_id, suspend_status } = request.body;
    const row = await db.transaction(async (tx) => {
      const before = await lockCoupon(tx, coupon_id);
      if (!before) throw new HttpError(404, COUPON_MESSAGES.missing);
      const after = await setCouponSuspended(tx, coupon_id, suspend_status);
      await audit(tx, request, {
        action: 'status',
        tableName: 'coupons',
        recordId: coupon_id,
        before: toCoupon(before),
        after: toCoupon(after),
      });
      await couponChanged(tx, suspend_status === 1 ? 'suspended' : 'resumed', after);
      return after;
    });
    return { status: true, message: COUPON_MESSAGES.status, data: toCoupon(row) };
  });
}

/** coupon.changed: the coupon as it now is, for the marketplace's checkout. */
const couponChanged = (
  tx: Tx,
  change: 'created' | 'updated' | 'suspended' | 'resumed',
  row: Parameters<typeof toCoupon>[0],
) => {
  const { id: _id, created_at: _created, ...coupon } = toCoupon(row);
  return writeEvent(
    tx,
    'coupon.changed',
    { table: 'coupons', id: row.id, kind: 'coupon' },
    {
      change,
      ...coupon,
    },
  );
};
