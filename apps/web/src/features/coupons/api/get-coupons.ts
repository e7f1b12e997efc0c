import { couponList, pagedOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One page of coupons, newest first; a new page keeps the rows on screen under the loader. */
export function useCoupons(query: { page: number }) {
  return useQuery({
    ...queryOf(couponList, query),
    select: pagedOf,
    placeholderData: keepPreviousData,
  });
}
