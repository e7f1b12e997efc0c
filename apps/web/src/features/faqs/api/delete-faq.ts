import { deleteDataResponseSchema, paths, type DeleteDataBody } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';
import { faqListKey } from './get-faqs';

/** POST delete-data {id, table: supports}: the FAQ leaves the list (soft delete). */
export async function deleteFaq(id: number) {
  const body: DeleteDataBody = { id, table: 'supports' };
  const response = await api.post(paths.deleteData, body);
  return deleteDataResponseSchema.parse(response);
}

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFaq,
    onSuccess: (response) => {
      toastSuccess(translateMessage(response.message));
      return queryClient.invalidateQueries({ queryKey: faqListKey });
    },
    onError: (error) => toastError(translateMessage(errorMessage(error))),
  });
}
