import { caseDetail, caseList, caseUpdate, type InputOf } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/** case-update: a status, an assignee, a note or an outcome; the list and the case refresh. */
export function useUpdateCase() {
  return useMutation({
    mutationFn: (input: InputOf<typeof caseUpdate>) => send(caseUpdate, input),
    meta: { successToast: true },
    onSuccess: (_, { id }) =>
      Promise.all([invalidate(caseList), invalidate(caseDetail, { case_id: Number(id) })]),
  });
}
