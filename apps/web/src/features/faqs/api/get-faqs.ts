import { paths, supportListResponseSchemas } from '@cabdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type FaqQuery = { page: number };

/** Every page of the FAQ list: what a change to an entry makes stale. */
export const faqListKey = [paths.supportList] as const;

/** GET support-list?page: one page of FAQ entries, newest first. */
export async function getFaqs(query: FaqQuery, signal?: AbortSignal) {
  const response = await api.get(paths.supportList, { ...query }, { signal });
  return supportListResponseSchemas.paged.parse(response).data;
}

export const faqListQueryOptions = (query: FaqQuery) =>
  queryOptions({
    queryKey: [...faqListKey, query],
    queryFn: ({ signal }) => getFaqs(query, signal),
    // A new page keeps the rows on screen under the loader.
    placeholderData: keepPreviousData,
  });

export function useFaqs(query: FaqQuery) {
  return useQuery(faqListQueryOptions(query));
}
