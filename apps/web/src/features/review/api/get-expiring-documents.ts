import { expiringDocuments, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** Documents expiring within N days (expired ones too), soonest first. */
export function useExpiringDocuments(query: InputOf<typeof expiringDocuments>) {
  return useQuery({ ...queryOf(expiringDocuments, query), placeholderData: keepPreviousData });
}
