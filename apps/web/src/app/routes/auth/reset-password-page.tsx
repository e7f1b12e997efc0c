import { resetPasswordFormSchema } from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconLock, IconLockCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { clearStorage } from '@/lib/storage';
import { AUTH_TOAST, toastError, toastSuccess } from '@/lib/toast';
import { useNewPassword } from '../api/new-password';
import { AuthCard } from '../components/auth-card';

interface ResetState {
  email?: string;
  token?: string;
}

/** SPEC 2 "Change Password (after reset)": new and confirm password; then /login. */
export function ResetPasswordPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as ResetState;
  if (!state.email || !state.token) return <Navigate to="/forgot-password" replace />;
  return <ResetPasswordForm email={state.email} token={state.token} />;
}

function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const newPasswordMutation = useNewPassword();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { new_password: '', confirm_new_password: '' },
    reValidateMode: 'onSubmit',
  });
  const fieldError = (message: string | undefined) =>
    message ? translateMessage(message) : undefined;

  const onSubmit = handleSubmit((values) => {
    newPasswordMutation.mutate(
      {
        email,
        token,
        password: values.new_password,
        confirm_password: values.confirm_new_password,
      },
      {
        onSuccess: (response) => {
          clearStorage();
          toastSuccess(translateMessage(response.message), AUTH_TOAST);
          void navigate('/login', { replace: true });
        },
        onError: (error) => toastError(translateMessage(errorMessage(error)), AUTH_TOAST),
      },
    );
  });

  return (
    <AuthCard
      icon={<IconLockCheck size={30} stroke={1.5} />}
      title={t('account.resetTitle')}
      description={t('account.resetDescription', { email })}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <PasswordInput
            label={t('account.newPassword')}
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.5} />}
            error={fieldError(errors.new_password?.message)}
            visibilityToggleButtonProps={{ 'aria-label': t('account.toggleNewPassword') }}
            {...register('new_password', { onChange: () => clearErrors('new_password') })}
          />
          <PasswordInput
            label={t('account.confirmPassword')}
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.5} />}
            error={fieldError(errors.confirm_new_password?.message)}
            visibilityToggleButtonProps={{ 'aria-label': t('account.toggleConfirmPassword') }}
            {...register('confirm_new_password', {
              onChange: () => clearErrors('confirm_new_password'),
            })}
          />
          <Button type="submit" fullWidth size="md" loading={newPasswordMutation.isPending}>
            {t('account.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
