import { loginFormSchema, type LoginForm as LoginFormValues } from '@cabdesk/contract';
import { Anchor, Group, PasswordInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { EmailField } from './auth-fields';
import { AuthForm } from './auth-form';

interface LoginFormProps {
  pending: boolean;
  onSubmit: (values: LoginFormValues) => void;
}

/** Email, password with show/hide, the Forgot Password link and Login (SPEC 2, 5). */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(loginFormSchema, { email: '', password: '' });

  return (
    <AuthForm
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={t('login.submit')}
    >
      <EmailField label={t('login.email')} {...form.field('email')} />
      <PasswordInput
        label={t('login.password')}
        placeholder={t('login.passwordPlaceholder')}
        autoComplete="current-password"
        leftSection={<IconLock size={18} stroke={1.5} />}
        visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        {...form.field('password')}
      />
      <Group justify="flex-end">
        <Anchor component={Link} to="/forgot-password" state={{ fromLogin: true }} size="sm">
          {t('login.forgotPassword')}
        </Anchor>
      </Group>
    </AuthForm>
  );
}
