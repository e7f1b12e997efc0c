import { couponList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';

/** delete-data {id, table: coupons}: the coupon leaves the list. */
export const useDeleteCoupon = () => useDeleteRecord('coupons', { stale: [couponList] });
