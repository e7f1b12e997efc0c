import {
  adminInvite,
  adminList,
  adminUpdate,
  auditLog,
  twoFactorPolicy,
  twoFactorReset,
} from '@cabdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidate, mutationOf, queryOf } from '@/lib/call';

/** Every administrator and pending invitation, and whether two-factor sign-in is required. */
export const useAdmins = () => useQuery(queryOf(adminList));

/** A change to the team: the list and the audit log both move. */
const useTeamChange = <E extends Parameters<typeof mutationOf>[0]>(endpoint: E) =>
  useMutation({
    ...mutationOf(endpoint),
    meta: { successToast: true },
    onSuccess: () => Promise.all([invalidate(adminList), invalidate(auditLog)]),
  });

/** E-mails an invitation (a new one replaces the last). */
export const useInviteAdmin = () => useTeamChange(adminInvite);
/** A colleague's role or status (deactivation ends their sessions at once). */
export const useUpdateAdmin = () => useTeamChange(adminUpdate);
/** Requires two-factor sign-in of everyone, or makes it optional. */
export const useTwoFactorPolicy = () => useTeamChange(twoFactorPolicy);
/** Turns off a colleague's two-factor sign-in (a lost phone). */
export const useResetTwoFactor = () => useTeamChange(twoFactorReset);
