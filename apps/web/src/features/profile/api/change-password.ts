import {
  passwordChangedResponseSchema,
  paths,
  type ChangePasswordRequest,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearStorage } from '@/lib/storage';

/** POST changePassword: the server ends every session of the admin, this one too. */
export async function changePassword(body: ChangePasswordRequest) {
  return passwordChangedResponseSchema.parse(await api.post(paths.changePassword, body));
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // SPEC 4: after success the stored data is cleared.
    onSuccess: clearStorage,
  });
}
