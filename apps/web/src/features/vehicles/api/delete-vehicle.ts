import { dashboard, userDetail, userList, vehicleDetail, vehicleList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';
import { invalidate, queryKeyOf } from '@/lib/call';
import { queryClient } from '@/lib/query-client';

/**
 * delete-data (table vehicles): the vehicle leaves the vehicle lists; its
 * company's vehicle count (user-list, user-detail) and the dashboard count
 * change. Its trips stay.
 */
export const useDeleteVehicle = () =>
  useDeleteRecord('vehicles', (id) => {
    queryClient.removeQueries({ queryKey: queryKeyOf(vehicleDetail, { vehicle_id: id }) });
    return Promise.all([
      invalidate(vehicleList),
      invalidate(userList),
      invalidate(userDetail),
      invalidate(dashboard),
    ]);
  });
