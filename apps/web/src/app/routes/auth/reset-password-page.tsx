import { resetPasswordFormSchema } from '@cabdesk/contract';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconLock, IconLockCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useNewPassword } from '@/features/auth/api/new-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { clearStorage } from '@/lib/storage';

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
  const form = useSchemaForm(resetPasswordFormSchema, {
    new_password: '',
    confirm_new_password: '',
  });

  const onSubmit = form.handleSubmit((values) => {
    newPasswordMutation.mutate(
      {
        email,
        token,
        password: values.new_password,
        confirm_password: values.confirm_new_password,
      },
      {
        onSuccess: () => {
          clearStorage();
          void navigate('/login', { replace: true });
        },
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
            visibilityToggleButtonProps={{ 'aria-label': t('account.toggleNewPassword') }}
            {...form.field('new_password')}
          />
          <PasswordInput
            label={t('account.confirmPassword')}
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.5} />}
            visibilityToggleButtonProps={{ 'aria-label': t('account.toggleConfirmPassword') }}
            {...form.field('confirm_new_password')}
          />
          <Button type="submit" fullWidth size="md" loading={newPasswordMutation.isPending}>
            {t('account.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
