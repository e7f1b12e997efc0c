import { refundCreate, refundFormSchema, type MoneyRequest } from '@cabdesk/contract';
import { Alert, Button, Text, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, PopupForm } from '@/components/popup';
import { useMay } from '@/hooks/use-may';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { formatMoney } from '@/lib/format';
import { useMoneySettings, useRefundCreate } from '../api/refunds';

const formSchema = refundFormSchema.omit({ ride_id: true });

interface RefundButtonProps {
  rideId: number;
  /** What is left to refund: what the passenger paid less the trip's refunds so far. */
  left: number;
  /** Told of the refund once it is made (a case's outcome links it). */
  onRefunded?: (refund: MoneyRequest) => void;
}

/**
 * "Refund" on a completed trip, for Owners and Finance: a popup asking how
 * much (at most what is left of what the passenger paid) and why, saying
 * when the refund will wait for a second administrator.
 */
export function RefundButton({ rideId, left, onRefunded }: RefundButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const create = useRefundCreate();
  const may = useMay().call(refundCreate);
  const settings = useMoneySettings(may);
  if (!may || left <= 0) return null;
  const close = create.isPending ? () => undefined : () => setOpened(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconReceiptRefund size={16} />}
        onClick={() => {
          create.reset();
          setFormKey((key) => key + 1);
          setOpened(true);
        }}
      >
        {t('refunds.refund')}
      </Button>
      <Popup opened={opened} onClose={close} title={t('refunds.refundTitle', { id: rideId })}>
        <RefundForm
          key={formKey}
          left={left}
          threshold={settings.data ? Number(settings.data.approval_threshold) : null}
          pending={create.isPending}
          onCancel={close}
          onSubmit={(values, showServerErrors) =>
            create.mutate(
              { ride_id: rideId, ...values },
              {
                onSuccess: (answer) => {
                  setOpened(false);
                  onRefunded?.(answer.data);
                },
                onError: showServerErrors,
              },
            )
          }
        />
      </Popup>
    </>
  );
}

interface RefundFormProps {
  left: number;
  threshold: number | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (
    values: { amount: string; reason: string },
    showServerErrors: (error: unknown) => void,
  ) => void;
}

function RefundForm({ left, threshold, pending, onCancel, onSubmit }: RefundFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(formSchema, { amount: left.toFixed(2), reason: '' });
  const typed = Number(form.watch('amount'));
  const waits = threshold !== null && Number.isFinite(typed) && typed > threshold;
  return (
    <PopupForm
      cancelLabel={t('common.cancel')}
      confirmLabel={t('refunds.refund')}
      pending={pending}
      onCancel={onCancel}
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['amount', 'reason'])),
      )}
    >
      <Text size="sm">{t('refunds.refundIntro', { left: formatMoney(left) })}</Text>
      <TextInput
        label={t('refunds.amount')}
        inputMode="decimal"
        withAsterisk
        data-autofocus
        {...form.field('amount')}
      />
      <Textarea
        label={t('refunds.reason')}
        placeholder={t('refunds.reasonPlaceholder')}
        withAsterisk
        autosize
        minRows={2}
        maxRows={5}
        {...form.field('reason')}
      />
      {threshold !== null && (
        <Alert
          color={waits ? 'yellow' : 'blue'}
          variant="light"
          icon={<IconInfoCircle />}
          data-testid="refund-approval-hint"
        >
          {waits
            ? t('refunds.willWait', { threshold: formatMoney(threshold) })
            : t('refunds.atOnce', { threshold: formatMoney(threshold) })}
        </Alert>
      )}
    </PopupForm>
  );
}
