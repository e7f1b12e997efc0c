import {
  CANCEL_REASON_MAX,
  isCancellable,
  rideCancel,
  rideCancelFormSchema,
  type Ride,
  type RideCancelForm,
} from '@cabdesk/contract';
import { Button, Text, Textarea } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '@/components/icon-action';
import { Popup, PopupForm } from '@/components/popup';
import { useMay } from '@/hooks/use-may';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { ApiError } from '@/lib/api-client';
import { useCancelRide } from '../api/cancel-ride';

interface RejectRideButtonProps {
  ride: Pick<Ride, 'id' | 'ride_status'>;
  /** A button with words (the detail page) or an icon (a list row). */
  variant?: 'button' | 'icon';
}

/**
 * SPEC 2's reject-trip popup, acting on the server (ARCHITECTURE: no popup
 * only closes): shown only while the trip is Pending or Accepted, it asks why,
 * then calls ride-cancel. The server's message is the toast either way.
 */
export function RejectRideButton({ ride, variant = 'button' }: RejectRideButtonProps) {
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
          tooltip={t('rides.reject')}
          label={t('rides.rejectName', { name })}
          color="red"
          onClick={open}
        >
          <IconBan size={18} />
        </IconAction>
      ) : (
        <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={open}>
          {t('rides.reject')}
        </Button>
      )}
      <Popup opened={opened} onClose={close} title={t('rides.rejectTitle')} withCloseButton={false}>
        <ReasonForm
          key={formKey}
          pending={cancel.isPending}
          onCancel={close}
          onSubmit={({ reason }, showReasonError) =>
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

interface ReasonFormProps {
  pending: boolean;
  onCancel: () => void;
  /** `showReasonError` puts a refusal's reason message under the field; true when it had one. */
  onSubmit: (values: RideCancelForm, showReasonError: (error: unknown) => boolean) => void;
}

function ReasonForm({ pending, onCancel, onSubmit }: ReasonFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(rideCancelFormSchema, { reason: '' });

  return (
    <PopupForm
      cancelLabel={t('rides.keepTrip')}
      confirmLabel={t('rides.reject')}
      color="red"
      pending={pending}
      onCancel={onCancel}
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['reason'])),
      )}
    >
      <Text>{t('rides.rejectConfirm')}</Text>
      <Textarea
        label={t('rides.reason')}
        placeholder={t('rides.reasonPlaceholder')}
        description={t('rides.reasonHint')}
        withAsterisk
        data-autofocus
        autosize
        minRows={3}
        maxRows={8}
        maxLength={CANCEL_REASON_MAX}
        {...form.field('reason')}
      />
    </PopupForm>
  );
}
