import { login2fa } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { mutationOf } from '@/lib/call';
import { saveSession } from '@/lib/storage';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/** The second step of a two-factor sign-in: the challenge of login and a code. */
export function useLogin2fa() {
  return useMutation({
    ...mutationOf(login2fa),
    meta: AUTH_AREA_TOASTS,
    onSuccess: ({ data }) => saveSession({ token: data.token, userId: data.user.id }),
  });
}
