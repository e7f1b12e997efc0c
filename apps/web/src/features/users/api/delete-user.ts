import { dashboard, driverList, userDetail, userList, vehicleList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';
import { queryKeyOf } from '@/lib/call';

/**
 * delete-data (table users): a company or driver leaves every list of people
 * and the dashboard counts; a company's detail (its driver count) changes;
 * its own detail is gone. Its trips stay.
 */
export const useDeleteUser = () =>
  useDeleteRecord('users', {
    stale: [userList, driverList, vehicleList, userDetail, dashboard],
    detailOf: (id) => queryKeyOf(userDetail, { user_id: id }),
  });
