import { inviteAccept } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { mutationOf } from '@/lib/call';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/** The invitee sets their name and password with the invitation's token. */
export function useInviteAccept() {
  return useMutation({ ...mutationOf(inviteAccept), meta: AUTH_AREA_TOASTS });
}
