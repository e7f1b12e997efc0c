import { userList, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One page of passengers, companies or drivers (user_type); a new page keeps the rows on screen. */
export function useUserList(query: InputOf<typeof userList>) {
  return useQuery({ ...queryOf(userList, query), placeholderData: keepPreviousData });
}
