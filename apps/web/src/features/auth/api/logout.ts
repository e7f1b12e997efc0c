import { envelopeSchema, paths } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearStorage } from '@/lib/storage';
import { z } from 'zod';

const logoutResponseSchema = envelopeSchema(z.null());

/** POST logout revokes the token on the server. */
export async function logout() {
  const response = await api.post(paths.logout, undefined, { skipUnauthorizedRedirect: true });
  return logoutResponseSchema.parse(response);
}

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
        return (await logout()).message;
      } catch {
        // Ignored: the session ends locally whatever the server says.
        return null;
      }
    },
    onSettled: clearStorage,
  });
}
