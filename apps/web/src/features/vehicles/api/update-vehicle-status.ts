import { statusUpdate, vehicleDetail, vehicleList, type ActiveStatus } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/**
 * status-update (table vehicles): Active or Inactive, with the reason of a
 * deactivation; the vehicle lists and that vehicle's detail change.
 */
export function useUpdateVehicleStatus() {
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: ActiveStatus; reason?: string }) =>
      send(statusUpdate, { id, table: 'vehicles', status, reason }),
    meta: { successToast: true },
    onSuccess: (_, { id }) =>
      Promise.all([invalidate(vehicleList), invalidate(vehicleDetail, { vehicle_id: id })]),
  });
}
