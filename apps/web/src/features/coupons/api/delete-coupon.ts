import { couponList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';
import { invalidate } from '@/lib/call';

/** delete-data {id, table: coupons}: the coupon leaves the list. */
export const useDeleteCoupon = () => useDeleteRecord('coupons', () => invalidate(couponList));
