import { moneySettingsFormSchema, moneySettingsSave } from '@cabdesk/contract';
import { Button, Text, TextInput } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, PopupForm } from '@/components/popup';
import { useMay } from '@/hooks/use-may';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useMoneySettingsSave } from '../api/refunds';

/** An Owner changes the approval threshold (money-settings-save), from the Approvals screen. */
export function ThresholdButton({ threshold }: { threshold: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const save = useMoneySettingsSave();
  if (!useMay().call(moneySettingsSave)) return null;
  const close = save.isPending ? () => undefined : () => setOpened(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconAdjustments size={14} />}
        onClick={() => {
          save.reset();
          setFormKey((key) => key + 1);
          setOpened(true);
        }}
      >
        {t('refunds.changeThreshold')}
      </Button>
      <Popup opened={opened} onClose={close} title={t('refunds.thresholdTitle')}>
        <ThresholdForm
          key={formKey}
          threshold={threshold}
          pending={save.isPending}
          onCancel={close}
          onSubmit={(values, showServerErrors) =>
            save.mutate(values, { onSuccess: () => setOpened(false), onError: showServerErrors })
          }
        />
      </Popup>
    </>
  );
}

interface ThresholdFormProps {
  threshold: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (
    values: { approval_threshold: string },
    showServerErrors: (error: unknown) => void,
  ) => void;
}

function ThresholdForm({ threshold, pending, onCancel, onSubmit }: ThresholdFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(moneySettingsFormSchema, { approval_threshold: threshold });
  return (
    <PopupForm
      cancelLabel={t('common.cancel')}
      confirmLabel={t('refunds.save')}
      pending={pending}
      onCancel={onCancel}
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['approval_threshold'])),
      )}
    >
      <Text size="sm">{t('refunds.thresholdIntro')}</Text>
      <TextInput
        label={t('refunds.thresholdLabel')}
        inputMode="decimal"
        withAsterisk
        data-autofocus
        {...form.field('approval_threshold')}
      />
    </PopupForm>
  );
}
