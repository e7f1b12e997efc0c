import { changePasswordFormSchema } from '@cabdesk/contract';
import { Button, Card, Collapse, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from './card-heading';
import { useNavigate } from 'react-router';
import { useSchemaForm } from '@/hooks/use-schema-form';
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
  const form = useSchemaForm(changePasswordFormSchema, {
    old_password: '',
    new_password: '',
    confirm_new_password: '',
  });

  const onSubmit = form.handleSubmit((values) => {
    changeMutation.mutate(
      {
        password: values.old_password,
        new_password: values.new_password,
        confirm_password: values.confirm_new_password,
      },
      {
        onSuccess: () => void navigate('/login', { replace: true }),
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
          <CardHeading
            title={t('profile.changePasswordTitle')}
            hint={t('profile.changePasswordHint')}
            id="change-password-title"
          />
          <Collapse expanded={expanded}>
            <Stack gap="md">
              <PasswordInput
                label={t('profile.currentPassword')}
                autoComplete="current-password"
                visibilityToggleButtonProps={{ 'aria-label': t('profile.toggleCurrent') }}
                {...form.field('old_password')}
              />
              <PasswordInput
                label={t('profile.newPassword')}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': t('profile.toggleNew') }}
                {...form.field('new_password')}
              />
              <PasswordInput
                label={t('profile.confirmPassword')}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': t('profile.toggleConfirm') }}
                {...form.field('confirm_new_password')}
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
