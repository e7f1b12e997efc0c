import { loginResponseSchema, paths, type LoginForm, type LoginRequest } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readStorage, saveSession, STORAGE_KEYS } from '@/lib/storage';

/** POST login (SPEC 7): always as Admin, from the web, with the stored push token if any. */
export async function login(form: LoginForm) {
  const body: LoginRequest = {
    email: form.email,
    password: form.password,
    user_type: 'Admin',
    device_token: readStorage(STORAGE_KEYS.fcmToken) ?? '',
    device_type: 'Web',
  };
  return loginResponseSchema.parse(await api.post(paths.login, body));
}

/** Signs in and keeps the session under SPEC's storage keys. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      saveSession({ token: response.data.token, userId: response.data.user.id });
    },
  });
}
