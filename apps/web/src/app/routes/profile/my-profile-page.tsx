import '@mantine/core/styles/LoadingOverlay.layer.css';
import { Alert, Box, Button, LoadingOverlay, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useProfile } from '@/features/profile/api/get-profile';
import { ChangePasswordCard } from '@/features/profile/components/change-password-card';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { SessionsCard } from '@/features/profile/components/sessions-card';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';

/** SPEC 2 "My Profile": Profile Detail, Change Password; then two-factor sign-in and my sessions. */
export function MyProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('pages.myProfile')}
      </Title>
      <Box pos="relative" mih={profile.isPending ? 160 : undefined}>
        <LoadingOverlay visible={profile.isPending} />
        {profile.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('profile.loadFailed')}>
            <Stack gap="xs" align="flex-start">
              {translateMessage(errorMessage(profile.error))}
              <Button size="xs" variant="light" onClick={() => void profile.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {profile.data ? <ProfileForm key={profile.data.id} profile={profile.data} /> : null}
      </Box>
      <ChangePasswordCard />
      {profile.data ? <TwoFactorCard enabled={profile.data.two_factor_enabled} /> : null}
      <SessionsCard />
    </Stack>
  );
}
