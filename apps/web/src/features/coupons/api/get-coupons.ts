import { couponList, pagedOf, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One page of coupons, newest first or sorted; a new page keeps the rows on screen under the loader. */
export function useCoupons(query: InputOf<typeof couponList> & { page: number }) {
  return useQuery({
    ...queryOf(couponList, query),
    select: pagedOf,
    placeholderData: keepPreviousData,
  });
}
