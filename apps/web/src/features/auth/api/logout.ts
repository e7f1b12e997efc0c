import { logout } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { send } from '@/lib/call';
import { clearStorage } from '@/lib/storage';

/**
 * Signs out: tells the server (its failure keeps nobody signed in), then
 * empties local storage. The query cache is emptied by the login page, once
 * nothing that reads it is on screen.
 */
export function useLogout() {
  return useMutation({
    /** Resolves to the server's message, or null when the call failed. */
    mutationFn: async (): Promise<string | null> => {
      try {
        return (await send(logout, undefined, { skipUnauthorizedRedirect: true })).message;
      } catch {
        // Ignored: the session ends locally whatever the server says.
        return null;
      }
    },
    onSettled: clearStorage,
  });
}
