import {
  auditLog,
  integrationKeyCreate,
  integrationKeyList,
  integrationKeyRevoke,
} from '@cabdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidate, mutationOf, queryOf } from '@/lib/call';

/** Every integration key, newest first (never the keys themselves). */
export const useIntegrationKeys = () => useQuery(queryOf(integrationKeyList));

/** A change to the keys: the list and the audit log both move. */
const onKeysChanged = () => Promise.all([invalidate(integrationKeyList), invalidate(auditLog)]);

/** Makes a key; its answer holds the key, the only time it is shown (so no toast: the popup shows it). */
export const useCreateIntegrationKey = () =>
  useMutation({ ...mutationOf(integrationKeyCreate), onSuccess: onKeysChanged });

/** Revokes a key: its next request is refused. */
export const useRevokeIntegrationKey = () =>
  useMutation({
    ...mutationOf(integrationKeyRevoke),
    meta: { successToast: true },
    onSuccess: onKeysChanged,
  });
