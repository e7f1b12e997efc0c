import { couponFormSchema } from '@cabdesk/contract';
import { Group, NumberInput, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormPopup, PopupForm, type FormPopupState } from '@/components/popup';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useAddCoupon } from '../api/add-coupon';

/** The form's values once checked: trimmed text, the percentage a number. */
type CouponValues = z.output<typeof couponFormSchema>;
const FIELDS = ['title', 'coupon_code', 'discount', 'description'] as const;

/** SPEC 2: the Add Coupon popup (Cancel, Add). */
export function CouponFormModal(popup: FormPopupState) {
  const { t } = useTranslation();
  const add = useAddCoupon();
  return (
    <FormPopup
      {...popup}
      title={t('coupons.addTitle')}
      closeLabel={t('coupons.close')}
      pending={add.isPending}
      size="lg"
    >
      {(close) => (
        <CouponForm
          pending={add.isPending}
          onCancel={close}
          // A code already in use (409) or a rule the server holds: each message
          // goes under its field, and the mutation's toast says it too.
          onSubmit={(values, onError) => add.mutate(values, { onSuccess: popup.onClose, onError })}
        />
      )}
    </FormPopup>
  );
}

interface CouponFormProps {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: CouponValues, onError: (error: unknown) => void) => void;
}

function CouponForm({ pending, onCancel, onSubmit }: CouponFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(couponFormSchema, {
    title: '',
    coupon_code: '',
    // The numeric input gives '' while it is empty.
    discount: '' as number | string,
    description: '',
  });

  return (
    <PopupForm
      cancelLabel={t('coupons.cancel')}
      confirmLabel={t('coupons.submitAdd')}
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
