import { paths, profileResponseSchema, type UpdateProfileRequest } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryOptions } from './get-profile';

/** POST updateProfile: name and phone (the e-mail cannot change). */
export async function updateProfile(body: UpdateProfileRequest) {
  return profileResponseSchema.parse(await api.post(paths.updateProfile, body));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, response.data);
    },
  });
}
