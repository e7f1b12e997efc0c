import { couponListResponseSchemas, paths } from '@cabdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type CouponQuery = { page: number };

/** Every page of the coupon list: what a change to a coupon makes stale. */
export const couponListKey = [paths.couponList] as const;

/** GET coupon-list?page: one page of coupons, newest first. */
export async function getCoupons(query: CouponQuery, signal?: AbortSignal) {
  const response = await api.get(paths.couponList, { ...query }, { signal });
  return couponListResponseSchemas.paged.parse(response).data;
}

export const couponListQueryOptions = (query: CouponQuery) =>
  queryOptions({
    queryKey: [...couponListKey, query],
    queryFn: ({ signal }) => getCoupons(query, signal),
    // A new page keeps the rows on screen under the loader.
    placeholderData: keepPreviousData,
  });

export function useCoupons(query: CouponQuery) {
  return useQuery(couponListQueryOptions(query));
}
