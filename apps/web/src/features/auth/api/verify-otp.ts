import { verifyOtp } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { mutationOf } from '@/lib/call';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/** A right code answers a single-use reset token. */
export function useVerifyOtp() {
  return useMutation({
    ...mutationOf(verifyOtp),
    meta: AUTH_AREA_TOASTS,
  });
}
