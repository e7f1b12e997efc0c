import {
  couponSchema,
  envelopeSchema,
  paths,
  type Coupon,
  type Paged,
  type couponStatusRequestSchema,
} from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';
import { couponListKey } from './get-coupons';

export type CouponStatusRequest = z.output<typeof couponStatusRequestSchema>;

const couponStatusResponseSchema = envelopeSchema(couponSchema);

/** POST coupon-status {coupon_id, suspend_status}: saves the suspend toggle. */
export async function updateCouponStatus(body: CouponStatusRequest) {
  const response = await api.post(paths.couponStatus, body);
  return couponStatusResponseSchema.parse(response);
}

/**
 * The toggle moves at once (optimistic); a refusal puts that coupon back as
 * it was and says why. Either way the list is asked again afterwards.
 */
export function useUpdateCouponStatus() {
  const queryClient = useQueryClient();
  const queryKey = couponListKey;
  // Every page held of the list shows the new state (the coupon is on one of them).
  const setSuspended = (id: number, suspend_status: Coupon['suspend_status']) =>
    queryClient.setQueriesData<Paged<Coupon>>({ queryKey }, (list) =>
      list
        ? {
            ...list,
            data: list.data.map((coupon) =>
              coupon.id === id ? { ...coupon, suspend_status } : coupon,
            ),
          }
        : list,
    );
  const suspendStatusOf = (id: number) =>
    queryClient
      .getQueriesData<Paged<Coupon>>({ queryKey })
      .flatMap(([, list]) => list?.data ?? [])
      .find((coupon) => coupon.id === id)?.suspend_status;

  return useMutation({
    mutationKey: [paths.couponStatus],
    mutationFn: updateCouponStatus,
    onMutate: async ({ coupon_id, suspend_status }) => {
      // A list answer already on its way must not overwrite the new state.
      await queryClient.cancelQueries({ queryKey });
      const before = suspendStatusOf(coupon_id);
      setSuspended(coupon_id, suspend_status);
      return { before };
    },
    onError: (error, { coupon_id }, context) => {
      if (context?.before !== undefined) setSuspended(coupon_id, context.before);
      toastError(translateMessage(errorMessage(error)));
    },
    onSuccess: (response) => toastSuccess(translateMessage(response.message)),
    onSettled: () => {
      // Ask again once the last of several quick toggles has settled, so an
      // answer does not undo a toggle still on its way.
      if (queryClient.isMutating({ mutationKey: [paths.couponStatus] }) === 1) {
        return queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
