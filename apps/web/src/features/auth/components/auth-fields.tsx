import { PasswordInput, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A registered input and its message: what `useSchemaForm`'s `field(name)` gives. */
type FieldProps = UseFormRegisterReturn & { error?: string };

/** The e-mail address of a public screen, offered by the browser's saved sign-ins. */
export function EmailField({ label, ...field }: FieldProps & { label: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      placeholder={t('login.emailPlaceholder')}
      type="email"
      autoComplete="username"
      leftSection={<IconMail size={18} stroke={1.5} />}
      {...field}
    />
  );
}

/** A password being chosen, with the lock icon and its show/hide button. */
function NewPasswordInput({ label, toggleLabel, ...field }: FieldProps & LabelProps) {
  return (
    <PasswordInput
      label={label}
      autoComplete="new-password"
      leftSection={<IconLock size={18} stroke={1.5} />}
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      {...field}
    />
  );
}

interface LabelProps {
  label: string;
  /** The name of the show/hide button. */
  toggleLabel: string;
}

interface NewPasswordFieldsProps {
  /** The props of the new password's input (a form's `field(...)`). */
  password: FieldProps;
  /** The props of its confirmation. */
  confirm: FieldProps;
}

/** A new password and its confirmation, as the invitation and the reset ask for them. */
export function NewPasswordFields({ password, confirm }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <NewPasswordInput
        label={t('account.newPassword')}
        toggleLabel={t('account.toggleNewPassword')}
        {...password}
      />
      <NewPasswordInput
        label={t('account.confirmPassword')}
        toggleLabel={t('account.toggleConfirmPassword')}
        {...confirm}
      />
    </>
  );
}
