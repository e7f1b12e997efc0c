import { couponAdd, couponList } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, mutationOf } from '@/lib/call';

/** Adds a coupon; a code already in use answers 409 with a coupon_code field error. */
export function useAddCoupon() {
  return useMutation({
    ...mutationOf(couponAdd),
    meta: { successToast: true },
    onSuccess: () => invalidate(couponList),
  });
}
