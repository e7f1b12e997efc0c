import { faqList, faqUpdate } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, mutationOf } from '@/lib/call';

/** Changes an FAQ entry's question and answer. */
export function useUpdateFaq() {
  return useMutation({
    ...mutationOf(faqUpdate),
    meta: { successToast: true },
    onSuccess: () => invalidate(faqList),
  });
}
