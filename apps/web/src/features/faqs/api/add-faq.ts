import { envelopeSchema, paths, supportSchema, type SupportForm } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { faqListKey } from './get-faqs';

const addFaqResponseSchema = envelopeSchema(supportSchema);

/** POST support-add {question, answer}. */
export async function addFaq(form: SupportForm) {
  const response = await api.post(paths.supportAdd, form);
  return addFaqResponseSchema.parse(response);
}

/** Adds an FAQ; the FAQ list is the only screen that shows it. */
export function useAddFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqListKey }),
  });
}
