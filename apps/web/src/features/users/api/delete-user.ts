import { dashboard, driverList, userDetail, userList, vehicleList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';
import { invalidate, queryKeyOf } from '@/lib/call';
import { queryClient } from '@/lib/query-client';

/**
 * delete-data (table users): a company or driver leaves every list of people
 * and the dashboard counts; a company's detail (its driver count) changes;
 * its own detail is gone. Its trips stay.
 */
export const useDeleteUser = () =>
  useDeleteRecord('users', (id) => {
    queryClient.removeQueries({ queryKey: queryKeyOf(userDetail, { user_id: id }) });
    return Promise.all([
      invalidate(userList),
      invalidate(driverList),
      invalidate(vehicleList),
      invalidate(userDetail),
      invalidate(dashboard),
    ]);
  });
