import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import {
  CANCEL_REASON_MAX,
  errorEnvelopeSchema,
  isCancellable,
  RIDE_CANCEL_REASONS,
  RIDE_MESSAGES,
  rideCancel,
  rideCancelFormSchema,
  type Ride,
  type RideCancelReason,
} from '@cabdesk/contract';
import { Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { IconAction } from '@/components/icon-action';
import { Popup, PopupForm } from '@/components/popup';
import { useMay } from '@/hooks/use-may';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCancelRide } from '../api/cancel-ride';

interface CancelRideButtonProps {
  ride: Pick<Ride, 'id' | 'ride_status'>;
  /** A button with words (the detail page) or an icon (a list row). */
  variant?: 'button' | 'icon';
}

/**
 * SPEC 2's reject-trip popup, called what it does (issue 45): it cancels the
 * trip on the server (ARCHITECTURE: no popup only closes). Shown only while
 * the trip is Pending or Accepted, it asks why (a usual reason, or another
 * typed), then calls ride-cancel. The server's message is the toast either way.
 */
export function CancelRideButton({ ride, variant = 'button' }: CancelRideButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // A new key on every opening, so the form starts empty.
  const [formKey, setFormKey] = useState(0);
  const cancel = useCancelRide();
  const allowed = useMay().call(rideCancel);
  if (!allowed || !isCancellable(ride.ride_status)) return null;

  const open = () => {
    cancel.reset();
    setFormKey((key) => key + 1);
    setOpened(true);
  };
  const close = cancel.isPending ? () => undefined : () => setOpened(false);
  const name = t('rides.tripN', { id: ride.id });

  return (
    <>
      {variant === 'icon' ? (
        <IconAction
          tooltip={t('rides.cancelTrip')}
          label={t('rides.cancelName', { name })}
          color="red"
          onClick={open}
        >
          <IconBan size={18} />
        </IconAction>
      ) : (
        <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={open}>
          {t('rides.cancelTrip')}
        </Button>
      )}
      <Popup
        opened={opened}
        onClose={close}
        title={t('rides.cancelTitle', { id: ride.id })}
        withCloseButton={false}
      >
        <ReasonForm
          key={formKey}
          pending={cancel.isPending}
          onCancel={close}
          onSubmit={(reason, showReasonError) =>
            cancel.mutate(
              { ride_id: ride.id, reason },
              {
                onSuccess: () => setOpened(false),
                onError: (error) => {
                  // A reason the server refused goes under the field (a 400 with
                  // `data.errors.reason`); a trip gone or moved on leaves nothing to ask.
                  if (showReasonError(error)) return;
                  if (error instanceof ApiError && [404, 409].includes(error.status)) {
                    setOpened(false);
                  }
                },
              },
            )
          }
        />
      </Popup>
    </>
  );
}

const OTHER = 'other';
const REASON_KEYS = Object.keys(RIDE_CANCEL_REASONS) as RideCancelReason[];

/**
 * The popup's form: one usual reason, or "Other" and the words typed, which
 * become the contract's reason (trimmed, required, bounded).
 */
const reasonChoiceSchema = z
  .object({ choice: z.string(), other: z.string() })
  .transform((values) =>
    values.choice === OTHER || values.choice === ''
      ? { choice: values.choice, reason: values.other }
      : { choice: values.choice, reason: RIDE_CANCEL_REASONS[values.choice as RideCancelReason] },
  )
  .superRefine((values, ctx) => {
    if (values.choice === '') {
      ctx.addIssue({ code: 'custom', path: ['choice'], message: RIDE_MESSAGES.reasonRequired });
      return;
    }
    const checked = rideCancelFormSchema.safeParse({ reason: values.reason });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['other'], message: issue.message });
      }
    }
  })
  .transform((values) => ({ reason: values.reason.trim() }));

/** The server's message on `reason` in a refused call (`data.errors.reason`), if any. */
function reasonErrorOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = errorEnvelopeSchema.safeParse(error.body);
  return parsed.success ? parsed.data.data?.errors?.reason : undefined;
}

interface ReasonFormProps {
  pending: boolean;
  onCancel: () => void;
  /** `showReasonError` puts a refusal's reason message under the field; true when it had one. */
  onSubmit: (reason: string, showReasonError: (error: unknown) => boolean) => void;
}

function ReasonForm({ pending, onCancel, onSubmit }: ReasonFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(reasonChoiceSchema, { choice: '', other: '' });
  const choice = form.watch('choice');

  return (
    <PopupForm
      cancelLabel={t('rides.keepTrip')}
      confirmLabel={t('rides.cancelTrip')}
      color="red"
      pending={pending}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(({ reason }) =>
        onSubmit(reason, (error) => {
          // The server names the field `reason`: it goes under the words typed, or the choice.
          const message = reasonErrorOf(error);
          if (message) form.setError(choice === OTHER ? 'other' : 'choice', { message });
          return message !== undefined;
        }),
      )}
    >
      <Text>{t('rides.cancelConfirm')}</Text>
      <Radio.Group
        label={t('rides.reason')}
        description={t('rides.reasonHint')}
        withAsterisk
        value={choice}
        onChange={(value) => {
          form.setValue('choice', value);
          form.clearErrors('choice');
        }}
        error={form.errorOf('choice')}
      >
        <Stack gap={8} mt="xs">
          {REASON_KEYS.map((key) => (
            <Radio key={key} value={key} label={translateMessage(RIDE_CANCEL_REASONS[key])} />
          ))}
          <Radio value={OTHER} label={t('rides.otherReason')} />
        </Stack>
      </Radio.Group>
      {choice === OTHER && (
        <Textarea
          label={t('rides.otherReasonLabel')}
          placeholder={t('rides.reasonPlaceholder')}
          withAsterisk
          data-autofocus
          autosize
          minRows={2}
          maxRows={6}
          maxLength={CANCEL_REASON_MAX}
          {...form.field('other')}
        />
      )}
    </PopupForm>
  );
}
