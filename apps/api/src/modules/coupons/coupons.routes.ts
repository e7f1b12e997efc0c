import {
  arrayOrPageQuerySchema,
  CONTENT_MESSAGES,
  couponAddRequestSchema,
  couponListResponseSchemas,
  couponSchema,
  couponStatusRequestSchema,
  envelopeSchema,
  paths,
} from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit';
import { arrayOrPage } from '../../lib/paging';
import { HttpError } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import {
  countCoupons,
  insertCoupon,
  listCoupons,
  liveCouponWithCode,
  lockCoupon,
  setCouponSuspended,
  toCoupon,
} from './coupons.repository';

const codeTaken = () =>
  new HttpError(409, CONTENT_MESSAGES.couponTaken, { coupon_code: CONTENT_MESSAGES.couponTaken });

/** Coupons: list, add, suspend toggle. Deleting goes through delete-data. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    paths.couponList,
    {
      schema: {
        querystring: arrayOrPageQuerySchema,
        response: { 200: couponListResponseSchemas.either },
      },
    },
    async (request) => ({
      status: true,
      message: CONTENT_MESSAGES.couponListed,
      data: await arrayOrPage(request.query, {
        rows: async (limit, offset) => (await listCoupons(db, limit, offset)).map(toCoupon),
        count: () => countCoupons(db),
      }),
    }),
  );

  app.post(
    paths.couponAdd,
    { schema: { body: couponAddRequestSchema, response: { 200: envelopeSchema(couponSchema) } } },
    async (request) => {
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
          return created;
        });
        return { status: true, message: CONTENT_MESSAGES.couponAdded, data: toCoupon(row) };
      } catch (err) {
        // Two admins adding the same code at once: the unique index decides.
        if (isUniqueViolation(err, 'coupons_code_key')) throw codeTaken();
        throw err;
      }
    },
  );

  app.post(
    paths.couponStatus,
    {
      schema: { body: couponStatusRequestSchema, response: { 200: envelopeSchema(couponSchema) } },
    },
    async (request) => {
      const { coupon_id, suspend_status } = request.body;
      const row = await db.transaction(async (tx) => {
        const before = await lockCoupon(tx, coupon_id);
        if (!before) throw new HttpError(404, CONTENT_MESSAGES.couponMissing);
        const after = await setCouponSuspended(tx, coupon_id, suspend_status);
        await audit(tx, request, {
          action: 'status',
          tableName: 'coupons',
          recordId: coupon_id,
          before: toCoupon(before),
          after: toCoupon(after),
        });
        return after;
      });
      return { status: true, message: CONTENT_MESSAGES.couponStatus, data: toCoupon(row) };
    },
  );
};
