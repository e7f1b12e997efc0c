import '@mantine/core/styles/Container.layer.css';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LogoutModal } from '@/features/auth/components/logout-modal';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';

/**
 * What an administrator sees while an Owner requires two-factor sign-in and
 * theirs is not set up (the server refuses every other call): the set-up,
 * and a way out.
 */
export function TwoFactorEnrolment() {
  const { t } = useTranslation();
  const [logoutOpened, logout] = useDisclosure(false);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('twoFactor.requiredTitle')}
          </Title>
          <Button variant="default" leftSection={<IconLogout size={18} />} onClick={logout.open}>
            {t('nav.logout')}
          </Button>
        </Group>
        <Text>{t('twoFactor.requiredHint')}</Text>
        <TwoFactorCard enabled={false} />
      </Stack>
      <LogoutModal opened={logoutOpened} onClose={logout.close} />
    </Container>
  );
}
