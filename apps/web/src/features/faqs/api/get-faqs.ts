import { paths, supportListResponseSchema } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET support-list (SPEC 7): every FAQ entry, newest first, unpaged. */
export async function getFaqs(signal?: AbortSignal) {
  const response = await api.get(paths.supportList, undefined, { signal });
  return supportListResponseSchema.parse(response).data;
}

export const faqListQueryOptions = () =>
  queryOptions({
    queryKey: [paths.supportList],
    queryFn: ({ signal }) => getFaqs(signal),
  });

export function useFaqs() {
  return useQuery(faqListQueryOptions());
}
