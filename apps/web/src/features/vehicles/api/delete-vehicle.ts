import { dashboard, userDetail, userList, vehicleDetail, vehicleList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';
import { queryKeyOf } from '@/lib/call';

/**
 * delete-data (table vehicles): the vehicle leaves the vehicle lists; its
 * company's vehicle count (user-list, user-detail) and the dashboard count
 * change. Its trips stay.
 */
export const useDeleteVehicle = () =>
  useDeleteRecord('vehicles', {
    stale: [vehicleList, userList, userDetail, dashboard],
    detailOf: (id) => queryKeyOf(vehicleDetail, { vehicle_id: id }),
  });
