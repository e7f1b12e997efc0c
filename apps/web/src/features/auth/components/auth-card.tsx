import { Anchor, Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import classes from './auth-card.module.css';

interface AuthCardProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of the public account screens: forgot password, code, new password. */
export function AuthCard({ icon, title, description, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box className={classes.page} pos="relative">
      {/* Top left: the login-area toasts take the top right (SPEC 9). */}
      <Box pos="absolute" top={12} left={12}>
        <LanguageMenu />
      </Box>
      <Center mih="100vh" p="md">
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p="xl">
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <ThemeIcon size={56} radius="xl" variant="light">
                {icon}
              </ThemeIcon>
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              {description ? (
                <Text c="dimmed" size="sm" ta="center">
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('account.backToLogin')}
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
