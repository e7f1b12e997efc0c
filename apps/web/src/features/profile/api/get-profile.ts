import { getProfile } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** The signed-in administrator. */
export function useProfile() {
  return useQuery(queryOf(getProfile));
}
