import { changePasswordFormSchema } from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Collapse, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { AUTH_TOAST, toastError, toastSuccess } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

/**
 * SPEC 2 "Change Password" card: collapsed until its button is pressed, then
 * Current / New / Confirm with show/hide, and the button becomes Update. A
 * change signs the admin out everywhere (SPEC 4) and returns to /login.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const changeMutation = useChangePassword();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { old_password: '', new_password: '', confirm_new_password: '' },
    reValidateMode: 'onSubmit',
  });
  const fieldError = (message: string | undefined) =>
    message ? translateMessage(message) : undefined;

  const onSubmit = handleSubmit((values) => {
    changeMutation.mutate(
      {
        password: values.old_password,
        new_password: values.new_password,
        confirm_password: values.confirm_new_password,
      },
      {
        onSuccess: (response) => {
          toastSuccess(translateMessage(response.message), AUTH_TOAST);
          void navigate('/login', { replace: true });
        },
        onError: (error) => toastError(translateMessage(errorMessage(error))),
      },
    );
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-labelledby="change-password-title"
        onSubmit={(event) => {
          if (!expanded) {
            event.preventDefault();
            setExpanded(true);
            return;
          }
          void onSubmit(event);
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="change-password-title">
              {t('profile.changePasswordTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('profile.changePasswordHint')}
            </Text>
          </Stack>
          <Collapse expanded={expanded}>
            <Stack gap="md">
              <PasswordInput
                label={t('profile.currentPassword')}
                autoComplete="current-password"
                error={fieldError(errors.old_password?.message)}
                visibilityToggleButtonProps={{ 'aria-label': t('profile.toggleCurrent') }}
                {...register('old_password', { onChange: () => clearErrors('old_password') })}
              />
              <PasswordInput
                label={t('profile.newPassword')}
                autoComplete="new-password"
                error={fieldError(errors.new_password?.message)}
                visibilityToggleButtonProps={{ 'aria-label': t('profile.toggleNew') }}
                {...register('new_password', { onChange: () => clearErrors('new_password') })}
              />
              <PasswordInput
                label={t('profile.confirmPassword')}
                autoComplete="new-password"
                error={fieldError(errors.confirm_new_password?.message)}
                visibilityToggleButtonProps={{ 'aria-label': t('profile.toggleConfirm') }}
                {...register('confirm_new_password', {
                  onChange: () => clearErrors('confirm_new_password'),
                })}
              />
            </Stack>
          </Collapse>
          <Group justify="flex-end">
            <Button type="submit" loading={changeMutation.isPending}>
              {expanded ? t('profile.update') : t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
