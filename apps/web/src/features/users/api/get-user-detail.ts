import { paths, userDetailResponseSchema } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET user-detail: one passenger, company or driver with documents and figures. */
export async function getUserDetail(userId: number, signal?: AbortSignal) {
  const response = await api.get(paths.userDetail, { user_id: userId }, { signal });
  return userDetailResponseSchema.parse(response).data;
}

export const userDetailQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [paths.userDetail, userId],
    queryFn: ({ signal }) => getUserDetail(userId, signal),
  });

export function useUserDetail(userId: number) {
  return useQuery({ ...userDetailQueryOptions(userId), enabled: userId > 0 });
}
