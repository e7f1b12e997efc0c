import { faqFormSchema, type Faq, type FaqForm as FaqFormValues } from '@cabdesk/contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
    <Modal
      opened={opened}
      onClose={close}
      title={faq ? t('faqs.editTitle') : t('faqs.addTitle')}
      centered
      size="lg"
      radius="md"
      closeButtonProps={{ 'aria-label': t('faqs.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
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
    </Modal>
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
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('faqs.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {faq ? t('faqs.update') : t('faqs.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
