import { login, type LoginForm } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { send } from '@/lib/call';
import { readStorage, saveSession, STORAGE_KEYS } from '@/lib/storage';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/**
 * Signs in (SPEC 7 login: always as Admin, from the web, with the stored push
 * token if any) and keeps the session under SPEC's storage keys. Both toasts
 * sit in the login area's place (SPEC 9).
 */
export function useLogin() {
  return useMutation({
    mutationFn: (form: LoginForm) =>
      send(login, {
        email: form.email,
        password: form.password,
        user_type: 'Admin',
        device_token: readStorage(STORAGE_KEYS.fcmToken) ?? '',
        device_type: 'Web',
      }),
    meta: AUTH_AREA_TOASTS,
    // A two-factor account answers a challenge instead: no session yet.
    onSuccess: ({ data }) => {
      if ('token' in data) saveSession({ token: data.token, userId: data.user.id });
    },
  });
}
