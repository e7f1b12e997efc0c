import { couponList, couponUpdate } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, mutationOf } from '@/lib/call';

/** Changes a coupon's title, code, percentage and description; a code in use answers 409. */
export function useUpdateCoupon() {
  return useMutation({
    ...mutationOf(couponUpdate),
    meta: { successToast: true },
    onSuccess: () => invalidate(couponList),
  });
}
