import type { userListQuerySchema } from '@cabdesk/contract';
import { paths, userListResponseSchema } from '@cabdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The query as the client sends it (the contract's parsed shape; blanks left out). */
export type UserListParams = Partial<z.infer<typeof userListQuerySchema>> &
  Pick<z.infer<typeof userListQuerySchema>, 'user_type'>;

/** GET user-list: one page of passengers, companies or drivers (user_type). */
export async function getUserList(query: UserListParams, signal?: AbortSignal) {
  const response = await api.get(paths.userList, { ...query }, { signal });
  return userListResponseSchema.parse(response).data;
}

export const userListQueryOptions = (query: UserListParams) =>
  queryOptions({
    queryKey: [paths.userList, query],
    queryFn: ({ signal }) => getUserList(query, signal),
    // A new page or search keeps the rows on screen under the loader.
    placeholderData: keepPreviousData,
  });

export function useUserList(query: UserListParams) {
  return useQuery(userListQueryOptions(query));
}
