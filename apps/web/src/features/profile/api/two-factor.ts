import {
  getProfile,
  recoveryCodesRenew,
  sessionList,
  sessionRevoke,
  totpDisable,
  totpEnable,
  totpSetup,
} from '@cabdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidate, mutationOf, queryOf } from '@/lib/call';

/** A new secret to scan (nothing changes until it is confirmed). */
export const useTotpSetup = () => useMutation(mutationOf(totpSetup));

/** Confirms the secret with a code: two-factor is on; answers the recovery codes, once. */
export const useTotpEnable = () =>
  useMutation({
    ...mutationOf(totpEnable),
    meta: { successToast: true },
    // Not refetched now: the recovery codes stay on screen until "Done".
  });

/** New recovery codes (after a step-up): shown once, the old ones die. */
export const useRenewRecoveryCodes = () =>
  useMutation({ ...mutationOf(recoveryCodesRenew), meta: { successToast: true } });

/** Turns my two-factor sign-in off (after a step-up). */
export const useTotpDisable = () =>
  useMutation({
    ...mutationOf(totpDisable),
    meta: { successToast: true },
    onSuccess: () => Promise.all([profileChanged(), invalidate(sessionList)]),
  });

/** The profile (two-factor on) once the recovery codes are put away. */
export const profileChanged = () => invalidate(getProfile);

/** My live sessions. */
export const useSessions = () => useQuery(queryOf(sessionList));

/** Ends one of my other sessions, or all of them. */
export const useRevokeSession = () =>
  useMutation({
    ...mutationOf(sessionRevoke),
    meta: { successToast: true },
    onSuccess: () => invalidate(sessionList),
  });
