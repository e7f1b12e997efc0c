import { liveTrips } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** The trips under way around the part of the map on screen, read again every few seconds. */
export function useLiveTrips(bbox: string | null) {
  return useQuery({
    ...queryOf(liveTrips, { bbox: bbox ?? '' }),
    enabled: bbox !== null,
    refetchInterval: 5_000,
    placeholderData: keepPreviousData,
  });
}
