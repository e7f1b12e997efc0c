import { faqFormSchema, type Faq, type FaqForm as FaqFormValues } from '@cabdesk/contract';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Popup, PopupActions } from '@/components/popup';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useAddFaq } from '../api/add-faq';
import { useUpdateFaq } from '../api/update-faq';

interface FaqFormModalProps {
  opened: boolean;
  /** The FAQ being edited; none to add one. */
  faq: Faq | null;
  /** Changes on every opening, so the form starts afresh. */
  formKey: number;
  onClose: () => void;
}

/** SPEC 2: the Add FAQ (Cancel, Add) and Edit FAQ (Cancel, Update) popups. */
export function FaqFormModal({ opened, faq, formKey, onClose }: FaqFormModalProps) {
  const { t } = useTranslation();
  const add = useAddFaq();
  const update = useUpdateFaq();
  const pending = add.isPending || update.isPending;
  const close = pending ? () => undefined : onClose;

  return (
    <Popup
      opened={opened}
      onClose={close}
      title={faq ? t('faqs.editTitle') : t('faqs.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('faqs.close') }}
    >
      <FaqForm
        key={formKey}
        faq={faq}
        pending={pending}
        onCancel={close}
        onSubmit={(values, onError) => {
          // The toasts come from the mutations; a refusal's field errors go under their fields.
          const handlers = { onSuccess: onClose, onError };
          if (faq) update.mutate({ support_id: faq.id, ...values }, handlers);
          else add.mutate(values, handlers);
        }}
      />
    </Popup>
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
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['question', 'answer'])),
      )}
    >
      <Stack gap="md">
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
        <PopupActions
          cancelLabel={t('faqs.cancel')}
          confirmLabel={faq ? t('faqs.update') : t('faqs.submitAdd')}
          pending={pending}
          onCancel={onCancel}
          mt="xs"
        />
      </Stack>
    </form>
  );
}
