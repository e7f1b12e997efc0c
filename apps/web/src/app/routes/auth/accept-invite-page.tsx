import { inviteAcceptFormSchema } from '@cabdesk/contract';
import { TextInput } from '@mantine/core';
import { IconUser, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useInviteAccept } from '@/features/auth/api/invite-accept';
import { AuthCard } from '@/features/auth/components/auth-card';
import { NewPasswordFields } from '@/features/auth/components/auth-fields';
import { AuthForm } from '@/features/auth/components/auth-form';
import { useSchemaForm } from '@/hooks/use-schema-form';

/**
 * The page an invitation's link opens (`/accept-invite#<token>`: the token
 * rides in the fragment, which no server or log sees): the invitee chooses a
 * name and password, and is signed in.
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
    accept.mutate({ token, ...values }, { onSuccess: () => void navigate('/', { replace: true }) });
  });

  return (
    <AuthCard
      icon={<IconUserPlus size={30} stroke={1.5} />}
      title={t('invite.title')}
      description={t('invite.description')}
    >
      <AuthForm onSubmit={onSubmit} pending={accept.isPending} submitLabel={t('invite.submit')}>
        <TextInput
          label={t('invite.name')}
          autoComplete="name"
          leftSection={<IconUser size={18} stroke={1.5} />}
          {...form.field('name')}
        />
        <NewPasswordFields
          password={form.field('password')}
          confirm={form.field('confirm_password')}
        />
      </AuthForm>
    </AuthCard>
  );
}
