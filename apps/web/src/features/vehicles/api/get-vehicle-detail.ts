import { vehicleDetail } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One vehicle with its documents and photos. */
export function useVehicleDetail(vehicleId: number) {
  return useQuery({ ...queryOf(vehicleDetail, { vehicle_id: vehicleId }), enabled: vehicleId > 0 });
}
