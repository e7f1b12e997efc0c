import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { LanguageMenu } from '@/components/language-menu';
import classes from './auth-card.module.css';

interface AuthCardProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The card's widest (the login form is narrower than the recovery screens). */
  maxWidth?: number;
  /** The "back to login" link under the form; not on the login page itself. */
  backToLogin?: boolean;
}

/** The frame of the public screens: login, forgot password, code, new password. */
export function AuthCard({
  icon,
  title,
  description,
  children,
  maxWidth = 440,
  backToLogin = true,
}: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box className={classes.page} pos="relative">
      {/* Top left, in Arabic too: the login-area toasts take the top right (SPEC 9). */}
      <Group component="header" gap="xs" pos="absolute" top={12} left={12}>
        <LanguageMenu />
        <ColorSchemeToggle />
      </Group>
      <Center component="main" mih="100vh" p="md">
        <Paper className={classes.card} maw={maxWidth} withBorder shadow="md" radius="lg" p="xl">
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
            {backToLogin ? (
              <Anchor component={Link} to="/login" size="sm" ta="center">
                {t('account.backToLogin')}
              </Anchor>
            ) : null}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
