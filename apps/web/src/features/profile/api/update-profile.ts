import { getProfile, updateProfile } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { mutationOf, queryOf } from '@/lib/call';

/** Name and phone (the e-mail cannot change); the answer is the profile as it now stands. */
export function useUpdateProfile() {
  return useMutation({
    ...mutationOf(updateProfile),
    meta: { successToast: true },
    onSuccess: ({ data }) =>
      queryClient.setQueryData(queryOf(getProfile).queryKey, (old) => old && { ...old, ...data }),
  });
}
