import {
  couponList,
  couponStatus,
  type Coupon,
  type Paged,
  type ParsedInputOf,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, queryKeyOf, send } from '@/lib/call';
import { queryClient } from '@/lib/query-client';

/** Every page held of the list (the web always asks for pages) shows the new state. */
const queryKey = queryKeyOf(couponList);
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

/**
 * Saves the suspend toggle. The toggle moves at once (optimistic); a refusal
 * puts that coupon back as it was and says why. Either way the list is asked
 * again afterwards.
 */
export function useUpdateCouponStatus() {
  const mutationKey = queryKeyOf(couponStatus);
  return useMutation({
    mutationKey,
    mutationFn: (input: ParsedInputOf<typeof couponStatus>) => send(couponStatus, input),
    meta: { successToast: true },
    onMutate: async ({ coupon_id, suspend_status }) => {
      // A list answer already on its way must not overwrite the new state.
      await queryClient.cancelQueries({ queryKey });
      const before = suspendStatusOf(coupon_id);
      setSuspended(coupon_id, suspend_status);
      return { before };
    },
    onError: (_error, { coupon_id }, context) => {
      if (context?.before !== undefined) setSuspended(coupon_id, context.before);
    },
    onSettled: () => {
      // Ask again once the last of several quick toggles has settled, so an
      // answer does not undo a toggle still on its way.
      if (queryClient.isMutating({ mutationKey }) === 1) return invalidate(couponList);
    },
  });
}
