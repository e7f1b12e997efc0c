import { couponFormSchema, errorEnvelopeSchema, type FieldErrors } from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAddCoupon, type CouponAddRequest } from '../api/add-coupon';

/** What the inputs hold: the numeric input gives '' while it is empty. */
type CouponFormValues = {
  title: string;
  coupon_code: string;
  discount: number | string;
  description: string;
};
const FIELDS = ['title', 'coupon_code', 'discount', 'description'] as const;

/** The field errors of a refused call (`data.errors`), if it carried any. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const parsed = errorEnvelopeSchema.safeParse(error.body);
  return parsed.success ? (parsed.data.data?.errors ?? {}) : {};
}

interface CouponFormModalProps {
  opened: boolean;
  /** Changes on every opening, so the form starts afresh. */
  formKey: number;
  onClose: () => void;
}

/** SPEC 2: the Add Coupon popup (Cancel, Add). */
export function CouponFormModal({ opened, formKey, onClose }: CouponFormModalProps) {
  const { t } = useTranslation();
  const add = useAddCoupon();
  const close = add.isPending ? () => undefined : onClose;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('coupons.addTitle')}
      centered
      size="lg"
      radius="md"
      closeButtonProps={{ 'aria-label': t('coupons.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <CouponForm
        key={formKey}
        pending={add.isPending}
        onCancel={close}
        onSubmit={(values, setFieldError) =>
          add.mutate(values, {
            onSuccess: (response) => {
              toastSuccess(translateMessage(response.message));
              onClose();
            },
            onError: (error) => {
              // A code already in use (409) or a rule the server holds:
              // each message goes under its field, and the toast says it too.
              const errors = fieldErrorsOf(error);
              for (const field of FIELDS) {
                const message = errors[field];
                if (message) setFieldError(field, message);
              }
              toastError(translateMessage(errorMessage(error)));
            },
          })
        }
      />
    </Modal>
  );
}

interface CouponFormProps {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (
    values: CouponAddRequest,
    setFieldError: (field: (typeof FIELDS)[number], message: string) => void,
  ) => void;
}

function CouponForm({ pending, onCancel, onSubmit }: CouponFormProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<CouponFormValues, unknown, CouponAddRequest>({
    // The schema trims (preprocess), so zod types its input as unknown; the inputs hold these.
    resolver: zodResolver(couponFormSchema) as Resolver<
      CouponFormValues,
      unknown,
      CouponAddRequest
    >,
    defaultValues: { title: '', coupon_code: '', discount: '', description: '' },
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
          label={t('coupons.title')}
          placeholder={t('coupons.titlePlaceholder')}
          data-autofocus
          error={fieldError(errors.title?.message)}
          {...register('title', { onChange: () => clearErrors('title') })}
        />
        <Group grow align="flex-start" gap="md">
          <TextInput
            label={t('coupons.code')}
            placeholder={t('coupons.codePlaceholder')}
            autoComplete="off"
            spellCheck={false}
            error={fieldError(errors.coupon_code?.message)}
            {...register('coupon_code', { onChange: () => clearErrors('coupon_code') })}
          />
          <Controller
            control={control}
            name="discount"
            render={({ field }) => (
              <NumberInput
                label={t('coupons.percentage')}
                placeholder={t('coupons.percentagePlaceholder')}
                rightSection="%"
                hideControls
                allowDecimal={false}
                allowNegative={false}
                // The server's rule (1 to 100) is explained, not silently clamped.
                clampBehavior="none"
                error={fieldError(errors.discount?.message)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(value) => {
                  field.onChange(value);
                  clearErrors('discount');
                }}
              />
            )}
          />
        </Group>
        <Textarea
          label={t('coupons.description')}
          placeholder={t('coupons.descriptionPlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          error={fieldError(errors.description?.message)}
          {...register('description', { onChange: () => clearErrors('description') })}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('coupons.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('coupons.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
