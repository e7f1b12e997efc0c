import { paths, profileResponseSchema } from '@cabdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getProfile(signal?: AbortSignal) {
  const response = await api.get(paths.getProfile, undefined, { signal });
  return profileResponseSchema.parse(response).data;
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
