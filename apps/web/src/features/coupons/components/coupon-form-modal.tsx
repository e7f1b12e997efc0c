import '@mantine/core/styles/NumberInput.layer.css';
import { couponFormSchema, type Coupon } from '@cabdesk/contract';
import { Group, NumberInput, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormPopup, PopupForm, type FormPopupState } from '@/components/popup';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useAddCoupon } from '../api/add-coupon';
import { useUpdateCoupon } from '../api/update-coupon';

/** The form's values once checked: trimmed text, the percentage a number. */
type CouponValues = z.output<typeof couponFormSchema>;
const FIELDS = ['title', 'coupon_code', 'discount', 'description'] as const;

interface CouponFormModalProps extends FormPopupState {
  /** The coupon being edited; none to add one. */
  coupon?: Coupon | null;
}

/** SPEC 2: the Add Coupon popup (Cancel, Add), and Edit Coupon (Cancel, Update). */
export function CouponFormModal({ coupon = null, ...popup }: CouponFormModalProps) {
  const { t } = useTranslation();
  const add = useAddCoupon();
  const update = useUpdateCoupon();
  const pending = add.isPending || update.isPending;
  return (
    <FormPopup
      {...popup}
      title={coupon ? t('coupons.editTitle') : t('coupons.addTitle')}
      closeLabel={t('coupons.close')}
      pending={pending}
      size="lg"
    >
      {(close) => (
        <CouponForm
          coupon={coupon}
          pending={pending}
          onCancel={close}
          // A code already in use (409) or a rule the server holds: each message
          // goes under its field, and the mutation's toast says it too.
          onSubmit={(values, onError) => {
            const handlers = { onSuccess: popup.onClose, onError };
            if (coupon) update.mutate({ coupon_id: coupon.id, ...values }, handlers);
            else add.mutate(values, handlers);
          }}
        />
      )}
    </FormPopup>
  );
}

interface CouponFormProps {
  coupon: Coupon | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: CouponValues, onError: (error: unknown) => void) => void;
}

function CouponForm({ coupon, pending, onCancel, onSubmit }: CouponFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(couponFormSchema, {
    title: coupon?.title ?? '',
    coupon_code: coupon?.coupon_code ?? '',
    // The numeric input gives '' while it is empty.
    discount: (coupon?.discount ?? '') as number | string,
    description: coupon?.description ?? '',
  });

  return (
    <PopupForm
      cancelLabel={t('coupons.cancel')}
      confirmLabel={coupon ? t('coupons.update') : t('coupons.submitAdd')}
      pending={pending}
      onCancel={onCancel}
      mt="xs"
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, FIELDS)),
      )}
    >
      <TextInput
        label={t('coupons.title')}
        placeholder={t('coupons.titlePlaceholder')}
        data-autofocus
        {...form.field('title')}
      />
      <Group grow align="flex-start" gap="md">
        <TextInput
          label={t('coupons.code')}
          placeholder={t('coupons.codePlaceholder')}
          autoComplete="off"
          spellCheck={false}
          // Shown as it is stored: in capitals.
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.field('coupon_code')}
        />
        <Controller
          control={form.control}
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
              error={form.errorOf('discount')}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(value) => {
                field.onChange(value);
                form.clearErrors('discount');
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
        {...form.field('description')}
      />
    </PopupForm>
  );
}
