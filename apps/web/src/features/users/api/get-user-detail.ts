import { userDetail } from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One passenger, company or driver with documents and figures. */
export function useUserDetail(userId: number) {
  return useQuery({ ...queryOf(userDetail, { user_id: userId }), enabled: userId > 0 });
}
