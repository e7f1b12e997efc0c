import {
  dashboard,
  deleteData,
  userDetail,
  userList,
  vehicleDetail,
  vehicleList,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, queryKeyOf, send } from '@/lib/call';
import { queryClient } from '@/lib/query-client';

/**
 * Soft delete; the vehicle's trips stay. It leaves the vehicle lists; its
 * company's vehicle count (user-list, user-detail) and the dashboard count
 * change.
 */
export function useDeleteVehicle() {
  return useMutation({
    mutationFn: (id: number) => send(deleteData, { id, table: 'vehicles' }),
    meta: { successToast: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeyOf(vehicleDetail, { vehicle_id: id }) });
      return Promise.all([
        invalidate(vehicleList),
        invalidate(userList),
        invalidate(userDetail),
        invalidate(dashboard),
      ]);
    },
  });
}
