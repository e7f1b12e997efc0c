import { faqFormSchema, type Faq, type FaqForm as FaqFormValues } from '@cabdesk/contract';
import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormPopup, PopupForm, type FormPopupState } from '@/components/popup';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useAddFaq } from '../api/add-faq';
import { useUpdateFaq } from '../api/update-faq';

interface FaqFormModalProps extends FormPopupState {
  /** The FAQ being edited; none to add one. */
  faq: Faq | null;
}

/** SPEC 2: the Add FAQ (Cancel, Add) and Edit FAQ (Cancel, Update) popups. */
export function FaqFormModal({ faq, ...popup }: FaqFormModalProps) {
  const { t } = useTranslation();
  const add = useAddFaq();
  const update = useUpdateFaq();
  const pending = add.isPending || update.isPending;
  return (
    <FormPopup
      {...popup}
      title={faq ? t('faqs.editTitle') : t('faqs.addTitle')}
      closeLabel={t('faqs.close')}
      pending={pending}
      size="lg"
    >
      {(close) => (
        <FaqForm
          faq={faq}
          pending={pending}
          onCancel={close}
          onSubmit={(values, onError) => {
            // The toasts come from the mutations; a refusal's field errors go under their fields.
            const handlers = { onSuccess: popup.onClose, onError };
            if (faq) update.mutate({ support_id: faq.id, ...values }, handlers);
            else add.mutate(values, handlers);
          }}
        />
      )}
    </FormPopup>
  );
}

interface FaqFormProps {
  faq: Faq | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: FaqFormValues, onError: (error: unknown) => void) => void;
}

function FaqForm({ faq, pending, onCancel, onSubmit }: FaqFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(faqFormSchema, {
    question: faq?.question ?? '',
    answer: faq?.answer ?? '',
  });

  return (
    <PopupForm
      cancelLabel={t('faqs.cancel')}
      confirmLabel={faq ? t('faqs.update') : t('faqs.submitAdd')}
      pending={pending}
      onCancel={onCancel}
      mt="xs"
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['question', 'answer'])),
      )}
    >
      <TextInput
        label={t('faqs.question')}
        placeholder={t('faqs.questionPlaceholder')}
        data-autofocus
        {...form.field('question')}
      />
      <Textarea
        label={t('faqs.description')}
        placeholder={t('faqs.descriptionPlaceholder')}
        autosize
        minRows={4}
        maxRows={10}
        {...form.field('answer')}
      />
    </PopupForm>
  );
}
