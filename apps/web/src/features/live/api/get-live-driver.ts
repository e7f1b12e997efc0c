import { liveDriver } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** A driver's card on the live map: company, vehicle, current trip, latest fix; refreshed with the map. */
export function useLiveDriver(driverId: number | null) {
  return useQuery({
    ...queryOf(liveDriver, { driver_id: driverId ?? 0 }),
    enabled: driverId !== null,
    refetchInterval: 5_000,
  });
}
