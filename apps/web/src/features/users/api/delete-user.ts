import {
  dashboard,
  deleteData,
  driverList,
  userDetail,
  userList,
  vehicleList,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, queryKeyOf, send } from '@/lib/call';
import { queryClient } from '@/lib/query-client';

/**
 * Soft-deletes a company or driver; its trips stay. The account leaves every
 * list of people and the dashboard counts; a company's detail (its driver
 * count) changes; its own detail is gone.
 */
export function useDeleteUser() {
  return useMutation({
    mutationFn: (id: number) => send(deleteData, { id, table: 'users' }),
    meta: { successToast: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeyOf(userDetail, { user_id: id }) });
      return Promise.all([
        invalidate(userList),
        invalidate(driverList),
        invalidate(vehicleList),
        invalidate(userDetail),
        invalidate(dashboard),
      ]);
    },
  });
}
