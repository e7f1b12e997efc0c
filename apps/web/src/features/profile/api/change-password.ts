import { changePassword } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { mutationOf } from '@/lib/call';
import { clearStorage } from '@/lib/storage';
import { AUTH_TOAST } from '@/lib/toast';

/**
 * The server ends every session of the admin, this one too; SPEC 4: after
 * success the stored data is cleared. The success toast sits where the login
 * page, where the admin goes next, shows its own.
 */
export function useChangePassword() {
  return useMutation({
    ...mutationOf(changePassword),
    meta: { successToast: AUTH_TOAST },
    onSuccess: clearStorage,
  });
}
