import { liveSearch } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** Drivers with a position whose name or plate holds `search` (2 characters or more). */
export function useLiveSearch(search: string) {
  const text = search.trim();
  return useQuery({ ...queryOf(liveSearch, { search: text }), enabled: text.length >= 2 });
}
