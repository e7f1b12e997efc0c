import { driverList, userDetail, userList } from '@cabdesk/contract';
import { invalidate } from '@/lib/call';

/** What a new status or approval of one account makes stale: the lists of people and its detail. */
export const accountChanged = (id: number) =>
  Promise.all([
    invalidate(userList),
    invalidate(driverList),
    invalidate(userDetail, { user_id: id }),
  ]);
