import { loginFormSchema, type LoginForm as LoginFormValues } from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '@/lib/i18n';

interface LoginFormProps {
  pending: boolean;
  onSubmit: (values: LoginFormValues) => void;
}

/** Email, password with show/hide, the Forgot Password link and Login (SPEC 2, 5). */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
    // SPEC 5: a message stays until its field is edited, then it goes away.
    reValidateMode: 'onSubmit',
  });

  const fieldError = (message: string | undefined) =>
    message ? translateMessage(message) : undefined;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="md">
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          leftSection={<IconMail size={18} stroke={1.5} />}
          error={fieldError(errors.email?.message)}
          {...register('email', { onChange: () => clearErrors('email') })}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} stroke={1.5} />}
          error={fieldError(errors.password?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          {...register('password', { onChange: () => clearErrors('password') })}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" state={{ fromLogin: true }} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={pending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
