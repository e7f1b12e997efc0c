import { inviteAccept } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mutationOf } from '@/lib/call';
import { clearStorage, saveSession } from '@/lib/storage';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/**
 * The invitee sets their name and password with the invitation's token, and
 * is signed in: whoever was signed in in this browser before is not them, so
 * their session and everything read for them go first.
 */
export function useInviteAccept() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOf(inviteAccept),
    meta: AUTH_AREA_TOASTS,
    onSuccess: ({ data }) => {
      clearStorage();
      queryClient.clear();
      saveSession({ token: data.token, userId: data.user.id });
    },
  });
}
