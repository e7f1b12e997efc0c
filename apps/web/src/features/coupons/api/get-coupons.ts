import { couponListResponseSchema, paths } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET coupon-list (SPEC 7): every live coupon, newest first, unpaged. */
export async function getCoupons(signal?: AbortSignal) {
  const response = await api.get(paths.couponList, undefined, { signal });
  return couponListResponseSchema.parse(response).data;
}

export const couponListQueryOptions = () =>
  queryOptions({
    queryKey: [paths.couponList],
    queryFn: ({ signal }) => getCoupons(signal),
  });

export function useCoupons() {
  return useQuery(couponListQueryOptions());
}
