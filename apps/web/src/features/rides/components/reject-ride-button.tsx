import {
  CANCEL_REASON_MAX,
  errorEnvelopeSchema,
  isCancellable,
  rideCancelFormSchema,
  type Ride,
  type RideCancelForm,
} from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCancelRide } from '../api/cancel-ride';

type ReasonValues = { reason: string };

/** The reason the server refused, if it named one (a 400 with `data.errors.reason`). */
function reasonErrorOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = errorEnvelopeSchema.safeParse(error.body);
  return parsed.success ? parsed.data.data?.errors.reason : undefined;
}

interface RejectTripButtonProps {
  ride: Pick<Ride, 'id' | 'ride_status'>;
  /** A button with words (the detail page) or an icon (a list row). */
  variant?: 'button' | 'icon';
}

/**
 * SPEC 2's reject-trip popup, acting on the server (ARCHITECTURE: no popup
 * only closes): shown only while the trip is Pending or Accepted, it asks why,
 * then calls ride-cancel. The server's message is the toast either way.
 */
export function RejectTripButton({ ride, variant = 'button' }: RejectTripButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // A new key on every opening, so the form starts empty.
  const [formKey, setFormKey] = useState(0);
  const cancel = useCancelRide();
  if (!isCancellable(ride.ride_status)) return null;

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
        <Tooltip label={t('rides.reject')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('rides.rejectName', { name })}
            onClick={open}
          >
            <IconBan size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={open}>
          {t('rides.reject')}
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title={t('rides.rejectTitle')}
        centered
        radius="md"
        withCloseButton={false}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <ReasonForm
          key={formKey}
          pending={cancel.isPending}
          onCancel={close}
          onSubmit={({ reason }, setReasonError) =>
            cancel.mutate(
              { ride_id: ride.id, reason },
              {
                onSuccess: () => setOpened(false),
                onError: (error) => {
                  const message = reasonErrorOf(error);
                  if (message) setReasonError(message);
                  // The trip is gone or has moved on: nothing left to ask.
                  else if (error instanceof ApiError && [404, 409].includes(error.status)) {
                    setOpened(false);
                  }
                },
              },
            )
          }
        />
      </Modal>
    </>
  );
}

interface ReasonFormProps {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: RideCancelForm, setReasonError: (message: string) => void) => void;
}

function ReasonForm({ pending, onCancel, onSubmit }: ReasonFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<ReasonValues, unknown, RideCancelForm>({
    // The schema trims (preprocess), so zod types its input as unknown; the textarea holds a string.
    resolver: zodResolver(rideCancelFormSchema) as Resolver<ReasonValues, unknown, RideCancelForm>,
    defaultValues: { reason: '' },
    // SPEC 5: a message stays until its field is edited, then it goes away.
    reValidateMode: 'onSubmit',
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit(values, (message) => setError('reason', { type: 'server', message })),
      )}
    >
      <Stack gap="md">
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
          error={errors.reason?.message ? translateMessage(errors.reason.message) : undefined}
          {...register('reason', { onChange: () => clearErrors('reason') })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('rides.keepTrip')}
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {t('rides.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
