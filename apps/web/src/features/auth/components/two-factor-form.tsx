import { login2faFormSchema, type Login2faForm } from '@cabdesk/contract';
import { Anchor, Group, Text, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { AuthForm } from './auth-form';

interface TwoFactorFormProps {
  pending: boolean;
  onSubmit: (values: Login2faForm) => void;
  /** Back to the e-mail and password. */
  onCancel: () => void;
}

/** The code of the authenticator app (or a recovery code) that completes a sign-in. */
export function TwoFactorForm({ pending, onSubmit, onCancel }: TwoFactorFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(login2faFormSchema, { code: '' });
  return (
    <AuthForm
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={t('twoFactor.verify')}
      footer={
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            {t('twoFactor.backToLogin')}
          </Anchor>
        </Group>
      }
    >
      <Text size="sm" c="dimmed">
        {t('twoFactor.loginHint')}
      </Text>
      <TextInput
        label={t('twoFactor.code')}
        autoComplete="one-time-code"
        autoFocus
        leftSection={<IconShieldLock size={18} stroke={1.5} />}
        {...form.field('code')}
      />
    </AuthForm>
  );
}
