import { passwordChangedResponseSchema, paths, type NewPasswordRequest } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST newPassword as form data (SPEC 7), with the reset token verifyOTP gave. */
export async function newPassword(body: NewPasswordRequest) {
  const form = new FormData();
  form.append('email', body.email);
  form.append('password', body.password);
  form.append('confirm_password', body.confirm_password);
  form.append('token', body.token);
  return passwordChangedResponseSchema.parse(await api.post(paths.newPassword, form));
}

export function useNewPassword() {
  return useMutation({ mutationFn: newPassword });
}
