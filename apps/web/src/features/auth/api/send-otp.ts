import { sendOtp } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { mutationOf } from '@/lib/call';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/** E-mails a code; the answer never carries it. */
export function useSendOtp() {
  return useMutation({
    ...mutationOf(sendOtp),
    meta: AUTH_AREA_TOASTS,
  });
}
