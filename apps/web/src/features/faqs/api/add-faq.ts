import { faqAdd, faqList } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, mutationOf } from '@/lib/call';

/** Adds an FAQ entry; the FAQ list is the only screen that shows it. */
export function useAddFaq() {
  return useMutation({
    ...mutationOf(faqAdd),
    meta: { successToast: true },
    onSuccess: () => invalidate(faqList),
  });
}
