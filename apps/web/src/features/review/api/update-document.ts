import {
  documentUpdate,
  expiringDocuments,
  userDetail,
  vehicleDetail,
  type InputOf,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/** document-update: a document's new expiry date (renewing it restores its record). */
export function useUpdateDocument() {
  return useMutation({
    mutationFn: (input: InputOf<typeof documentUpdate>) => send(documentUpdate, input),
    meta: { successToast: true },
    onSuccess: (_, { table, id }) =>
      Promise.all([
        invalidate(expiringDocuments),
        table === 'users'
          ? invalidate(userDetail, { user_id: id })
          : invalidate(vehicleDetail, { vehicle_id: id }),
      ]),
  });
}
