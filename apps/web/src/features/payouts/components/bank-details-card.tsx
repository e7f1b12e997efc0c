import {
  bankDetailsSave,
  bankDetailsSaveSchema,
  type BankDetails,
  type BankDetailsForm,
} from '@cabdesk/contract';
import { Button, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InfoList } from '@/components/info-list';
import { FormPopup, PopupForm } from '@/components/popup';
import { SectionCard } from '@/components/section-card';
import { useFormPopup } from '@/hooks/use-form-popup';
import { useMay } from '@/hooks/use-may';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { formatDateTime } from '@/lib/format';
import { useSaveBankDetails } from '../api/payouts';

/** What an IBAN and a BIC look like (the placeholders): not words to translate. */
const IBAN_EXAMPLE = 'DE89 3704 0044 0532 0130 00';
const BIC_EXAMPLE = 'COBADEFFXXX';

/**
 * A driver's or company's bank account for payouts (issue 48): the IBAN
 * masked for the roles that may not read it, as the server answers it;
 * Owners and Finance edit it.
 */
export function BankDetailsCard({
  userId,
  details,
}: {
  userId: number;
  details: BankDetails | null | undefined;
}) {
  const { t } = useTranslation();
  const may = useMay();
  const popup = useFormPopup();
  const save = useSaveBankDetails();
  const editable = may.call(bankDetailsSave);
  return (
    <SectionCard
      title={t('payouts.bankDetails')}
      actions={
        editable ? (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={() => popup.open()}
          >
            {details ? t('payouts.editBankDetails') : t('payouts.addBankDetails')}
          </Button>
        ) : null
      }
    >
      {details ? (
        <InfoList
          items={[
            { label: t('payouts.holder'), value: details.holder },
            {
              label: t('payouts.iban'),
              value: (
                <span dir="ltr" aria-label={details.masked ? t('payouts.ibanMasked') : undefined}>
                  {details.iban}
                </span>
              ),
            },
            { label: t('payouts.bic'), value: <span dir="ltr">{details.bic}</span> },
            { label: t('payouts.updated'), value: formatDateTime(details.updated_at) },
          ]}
          cols={4}
        />
      ) : (
        <Text c="dimmed" size="sm">
          {t('payouts.noBankDetails')}
        </Text>
      )}
      <FormPopup
        opened={popup.opened}
        formKey={popup.key}
        onClose={popup.close}
        title={t('payouts.bankDetails')}
        closeLabel={t('common.close')}
        pending={save.isPending}
      >
        {(close) => (
          <BankDetailsFormFields
            userId={userId}
            holder={details?.masked === false ? details.holder : ''}
            pending={save.isPending}
            onCancel={close}
            onSubmit={(values, onError) => save.mutate(values, { onSuccess: popup.close, onError })}
          />
        )}
      </FormPopup>
    </SectionCard>
  );
}

function BankDetailsFormFields({
  userId,
  holder,
  pending,
  onCancel,
  onSubmit,
}: {
  userId: number;
  holder: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: BankDetailsForm, onError: (error: unknown) => void) => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(bankDetailsSaveSchema, { user_id: userId, holder, iban: '', bic: '' });
  return (
    <PopupForm
      onCancel={onCancel}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('payouts.save')}
      pending={pending}
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['iban', 'bic', 'holder'])),
      )}
    >
      <TextInput label={t('payouts.holder')} data-autofocus {...form.field('holder')} />
      <TextInput
        label={t('payouts.iban')}
        dir="ltr"
        placeholder={IBAN_EXAMPLE}
        autoComplete="off"
        {...form.field('iban')}
      />
      <TextInput
        label={t('payouts.bic')}
        dir="ltr"
        placeholder={BIC_EXAMPLE}
        autoComplete="off"
        {...form.field('bic')}
      />
    </PopupForm>
  );
}
