import { envelopeSchema, paths, supportSchema, type SupportUpdateRequest } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { faqListKey } from './get-faqs';

const updateFaqResponseSchema = envelopeSchema(supportSchema);

/** POST support-update {support_id, question, answer}. */
export async function updateFaq(body: SupportUpdateRequest) {
  const response = await api.post(paths.supportUpdate, body);
  return updateFaqResponseSchema.parse(response);
}

export function useUpdateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqListKey }),
  });
}
