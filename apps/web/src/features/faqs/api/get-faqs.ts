import { faqList, pagedOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One page of FAQ entries, newest first; a new page keeps the rows on screen under the loader. */
export function useFaqs(query: { page: number }) {
  return useQuery({
    ...queryOf(faqList, query),
    select: pagedOf,
    placeholderData: keepPreviousData,
  });
}
