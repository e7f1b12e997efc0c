import { getProfile } from '@cabdesk/contract';
import { queryOf } from '@/lib/call';
import { queryClient } from '@/lib/query-client';

/** The signed-in administrator's profile: the role and two-factor state the frame waits for. */
export const profileQuery = () => queryOf(getProfile);

/**
 * Asks for the profile as the frame's code is asked for (the router's `/`),
 * instead of once the frame has loaded and drawn: its answer is what the
 * screen's own calls wait for (issue 47). The frame's query takes it up.
 */
export function prefetchProfile() {
  void queryClient.prefetchQuery(profileQuery());
}
