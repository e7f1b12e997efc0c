import {
  errorEnvelopeSchema,
  supportFormSchema,
  type FieldErrors,
  type Support,
  type SupportForm,
} from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAddFaq } from '../api/add-faq';
import { useUpdateFaq } from '../api/update-faq';

type FaqFormValues = { question: string; answer: string };
const FIELDS = ['question', 'answer'] as const;

/** The field errors of a refused call (`data.errors`), if it carried any. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const parsed = errorEnvelopeSchema.safeParse(error.body);
  return parsed.success ? (parsed.data.data?.errors ?? {}) : {};
}

interface FaqFormModalProps {
  opened: boolean;
  /** The FAQ being edited; none to add one. */
  faq: Support | null;
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
        onSubmit={(values, setFieldError) => {
          const handlers = {
            onSuccess: (response: { message: string }) => {
              toastSuccess(translateMessage(response.message));
              onClose();
            },
            onError: (error: unknown) => {
              const errors = fieldErrorsOf(error);
              for (const field of FIELDS) {
                const message = errors[field];
                if (message) setFieldError(field, message);
              }
              toastError(translateMessage(errorMessage(error)));
            },
          };
          if (faq) update.mutate({ support_id: faq.id, ...values }, handlers);
          else add.mutate(values, handlers);
        }}
      />
    </Modal>
  );
}

interface FaqFormProps {
  faq: Support | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (
    values: SupportForm,
    setFieldError: (field: (typeof FIELDS)[number], message: string) => void,
  ) => void;
}

function FaqForm({ faq, pending, onCancel, onSubmit }: FaqFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<FaqFormValues, unknown, SupportForm>({
    // The schema trims (preprocess), so zod types its input as unknown; the inputs hold these.
    resolver: zodResolver(supportFormSchema) as Resolver<FaqFormValues, unknown, SupportForm>,
    defaultValues: { question: faq?.question ?? '', answer: faq?.answer ?? '' },
    // SPEC 5: a message stays until its field is edited, then it goes away.
    reValidateMode: 'onSubmit',
  });

  const fieldError = (message: string | undefined) =>
    message ? translateMessage(message) : undefined;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit(values, (field, message) => setError(field, { type: 'server', message })),
      )}
    >
      <Stack gap="md">
        <TextInput
          label={t('faqs.question')}
          placeholder={t('faqs.questionPlaceholder')}
          data-autofocus
          error={fieldError(errors.question?.message)}
          {...register('question', { onChange: () => clearErrors('question') })}
        />
        <Textarea
          label={t('faqs.description')}
          placeholder={t('faqs.descriptionPlaceholder')}
          autosize
          minRows={4}
          maxRows={10}
          error={fieldError(errors.answer?.message)}
          {...register('answer', { onChange: () => clearErrors('answer') })}
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
