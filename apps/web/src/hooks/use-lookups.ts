import { lookups } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/**
 * The values lists filter by: service types, vehicle types, payment methods.
 * They change rarely: fetched once a session, then kept.
 */
export function useLookups() {
  return useQuery({ ...queryOf(lookups), staleTime: Infinity });
}
