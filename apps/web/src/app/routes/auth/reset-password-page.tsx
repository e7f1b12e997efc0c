import { resetPasswordFormSchema } from '@cabdesk/contract';
import { IconLockCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useNewPassword } from '@/features/auth/api/new-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { NewPasswordFields } from '@/features/auth/components/auth-fields';
import { AuthForm } from '@/features/auth/components/auth-form';
import { useFreshLogin } from '@/features/auth/hooks/use-fresh-login';
import { useSchemaForm } from '@/hooks/use-schema-form';

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
  const freshLogin = useFreshLogin();
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
      { onSuccess: freshLogin },
    );
  });

  return (
    <AuthCard
      icon={<IconLockCheck size={30} stroke={1.5} />}
      title={t('account.resetTitle')}
      description={t('account.resetDescription', { email })}
    >
      <AuthForm
        onSubmit={onSubmit}
        pending={newPasswordMutation.isPending}
        submitLabel={t('account.submit')}
      >
        <NewPasswordFields
          password={form.field('new_password')}
          confirm={form.field('confirm_new_password')}
        />
      </AuthForm>
    </AuthCard>
  );
}
