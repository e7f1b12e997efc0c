import { stepUp, stepUpFormSchema } from '@cabdesk/contract';
import { PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { errorMessage } from '@/lib/api-client';
import { mutationOf } from '@/lib/call';
import { Popup, PopupActions } from './popup';

interface StepUpModalProps {
  opened: boolean;
  /** Two-factor sign-in is on: a code of the app (or a recovery code) is asked too. */
  withCode: boolean;
  onClose: () => void;
  /** The server took the proof: for 5 minutes this session may change its second factor. */
  onConfirmed: () => void;
}

/**
 * "Confirm it is you": the password, and a code when two-factor sign-in is
 * on, asked again before a second factor is replaced, turned off or renewed,
 * so a session left open is not enough to take the account over.
 */
export function StepUpModal({ opened, withCode, onClose, onConfirmed }: StepUpModalProps) {
  const { t } = useTranslation();
  const confirm = useMutation({ ...mutationOf(stepUp), meta: { errorToast: false } });
  const form = useSchemaForm(stepUpFormSchema, { password: '', code: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Popup opened={opened} onClose={close} title={t('stepUp.title')}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          confirm.mutate(values, {
            onSuccess: () => {
              form.reset();
              onConfirmed();
            },
            onError: (error) => {
              if (!form.showServerErrors(error, ['password', 'code'])) {
                form.setError('password', { type: 'server', message: errorMessage(error) });
              }
            },
          }),
        )}
      >
        <Stack gap="md">
          <Text size="sm">{withCode ? t('stepUp.hintWithCode') : t('stepUp.hint')}</Text>
          <PasswordInput
            label={t('stepUp.password')}
            autoComplete="current-password"
            data-autofocus
            {...form.field('password')}
          />
          {withCode && (
            <TextInput
              label={t('stepUp.code')}
              description={t('stepUp.codeHint')}
              autoComplete="one-time-code"
              {...form.field('code')}
            />
          )}
          <PopupActions
            cancelLabel={t('confirm.cancel')}
            confirmLabel={t('stepUp.confirm')}
            pending={confirm.isPending}
            onCancel={close}
          />
        </Stack>
      </form>
    </Popup>
  );
}
