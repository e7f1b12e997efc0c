import { newPassword, type NewPasswordRequest } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { send } from '@/lib/call';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/** POST newPassword as form data (SPEC 7), with the reset token verifyOTP gave. */
export function useNewPassword() {
  return useMutation({
    mutationFn: (input: NewPasswordRequest) => send(newPassword, input, { formData: true }),
    meta: AUTH_AREA_TOASTS,
  });
}
