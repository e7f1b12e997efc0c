import { couponList, deleteData } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/** delete-data {id, table: coupons}: the coupon leaves the list (soft delete). */
export function useDeleteCoupon() {
  return useMutation({
    mutationFn: (id: number) => send(deleteData, { id, table: 'coupons' }),
    meta: { successToast: true },
    onSuccess: () => invalidate(couponList),
  });
}
