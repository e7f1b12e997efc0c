import { deleteData, faqList } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidate, send } from '@/lib/call';

/** delete-data {id, table: supports}: the FAQ entry leaves the list (soft delete). */
export function useDeleteFaq() {
  return useMutation({
    mutationFn: (id: number) => send(deleteData, { id, table: 'supports' }),
    meta: { successToast: true },
    onSuccess: () => invalidate(faqList),
  });
}
