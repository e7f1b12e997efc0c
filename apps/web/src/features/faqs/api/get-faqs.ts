import { faqList, pagedOf, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One page of FAQ entries, newest first or sorted; a new page keeps the rows on screen under the loader. */
export function useFaqs(query: InputOf<typeof faqList> & { page: number }) {
  return useQuery({
    ...queryOf(faqList, query),
    select: pagedOf,
    placeholderData: keepPreviousData,
  });
}
