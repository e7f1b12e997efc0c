import type { COUPON_SORTS, Sort } from '@cabdesk/contract';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { coupons } from '../../db/schema';
import { orderOf } from '../../lib/paging';

type CouponRow = typeof coupons.$inferSelect;

export const toCoupon = (row: CouponRow) => ({
  id: row.id,
  title: row.title,
  coupon_code: row.couponCode,
  discount: row.discount,
  description: row.description,
  suspend_status: row.suspendStatus === 1 ? (1 as const) : (0 as const),
  created_at: row.createdAt.toISOString(),
});

const live = isNull(coupons.deletedAt);

export type CouponSort = Sort<(typeof COUPON_SORTS)[number]>;

/** What each sort orders by (an index each); text by lower(), whatever the case. */
const SORT_KEYS: Record<CouponSort['field'], SQL> = {
  created_at: sql`${coupons.createdAt}`,
  title: sql`lower(${coupons.title})`,
  coupon_code: sql`lower(${coupons.couponCode})`,
  discount: sql`${coupons.discount}`,
};

/** Newest first, or by `sort` (ties by id). */
export const listCoupons = (
  db: Db,
  limit: number,
  offset: number,
  sort: CouponSort = { field: 'created_at', descending: true },
) =>
  db
    .select()
    .from(coupons)
    .where(live)
    .orderBy(orderOf(SORT_KEYS[sort.field], sort.descending, sql`${coupons.id}`))
    .limit(limit)
    .offset(offset);

/** A count of the live rows: an office keeps hundreds of these, not millions. */
export const countCoupons = (db: Db) => db.$count(coupons, live);

/**
 * Codes are unique among live coupons whatever their case (stored in capitals
 * since 0033; the unique index is on lower() all the same). `except`: the
 * coupon being edited, which may keep its own code.
 */
export async function liveCouponWithCode(tx: Tx, code: string, except?: number) {
  const [row] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        live,
        sql`lower(${coupons.couponCode}) = lower(${code})`,
        except === undefined ? undefined : ne(coupons.id, except),
      ),
    );
  return row ?? null;
}

type CouponFields = { title: string; couponCode: string; discount: number; description: string };

export async function insertCoupon(tx: Tx, values: CouponFields) {
  const [row] = await tx.insert(coupons).values(values).returning();
  return row!;
}

export async function lockCoupon(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), live))
    .for('update');
  return row ?? null;
}

export async function updateCoupon(tx: Tx, id: number, values: CouponFields) {
  const [row] = await tx
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
    .returning();
  return row!;
}

export async function setCouponSuspended(tx: Tx, id: number, suspendStatus: 0 | 1) {
  const [row] = await tx
    .update(coupons)
    .set({ suspendStatus, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
    .returning();
  return row!;
}
