import { inviteAcceptFormSchema } from '@cabdesk/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useInviteAccept } from '@/features/auth/api/invite-accept';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { clearStorage } from '@/lib/storage';

/**
 * The page an invitation's link opens (`/accept-invite#<token>`: the token
 * rides in the fragment, which no server or log sees): the invitee chooses a
 * name and password, then signs in.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLocation().hash.replace(/^#/, '');
  const accept = useInviteAccept();
  const form = useSchemaForm(inviteAcceptFormSchema, {
    name: '',
    password: '',
    confirm_password: '',
  });

  const onSubmit = form.handleSubmit((values) => {
    accept.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          // Whoever was signed in at this browser is not the invitee.
          clearStorage();
          void navigate('/login', { replace: true });
        },
      },
    );
  });

  return (
    <AuthCard
      icon={<IconUserPlus size={30} stroke={1.5} />}
      title={t('invite.title')}
      description={t('invite.description')}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label={t('invite.name')}
            autoComplete="name"
            leftSection={<IconUser size={18} stroke={1.5} />}
            {...form.field('name')}
          />
          <PasswordInput
            label={t('account.newPassword')}
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.5} />}
            visibilityToggleButtonProps={{ 'aria-label': t('account.toggleNewPassword') }}
            {...form.field('password')}
          />
          <PasswordInput
            label={t('account.confirmPassword')}
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.5} />}
            visibilityToggleButtonProps={{ 'aria-label': t('account.toggleConfirmPassword') }}
            {...form.field('confirm_password')}
          />
          <Button type="submit" fullWidth size="md" loading={accept.isPending}>
            {t('invite.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
