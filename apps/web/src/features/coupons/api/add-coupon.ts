import { couponSchema, envelopeSchema, paths, type couponFormSchema } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { couponListKey } from './get-coupons';

/** The form's values once checked: trimmed text, the percentage a number. */
export type CouponAddRequest = z.output<typeof couponFormSchema>;

const addCouponResponseSchema = envelopeSchema(couponSchema);

/** POST coupon-add {title, coupon_code, discount, description}. */
export async function addCoupon(body: CouponAddRequest) {
  const response = await api.post(paths.couponAdd, body);
  return addCouponResponseSchema.parse(response);
}

/** Adds a coupon; a code already in use answers 409 with a coupon_code field error. */
export function useAddCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponListKey }),
  });
}
