import type { LoginForm as LoginFormValues } from '@cabdesk/contract';
import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { obtainPushToken } from '@/lib/push';
import { AUTH_TOAST, toastError, toastSuccess } from '@/lib/toast';
import { useLogin } from '../api/login';
import { LoginForm } from '../components/login-form';
import classes from './login-page.module.css';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** Where to go after signing in: the page that sent the visitor here, else the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || !from.pathname.startsWith('/') || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();

  // Whoever arrives here starts without another session's cached answers.
  useEffect(() => {
    queryClient.clear();
  }, [queryClient]);

  // SPEC 2: on load, try to obtain the push token that login sends as device_token.
  useEffect(() => {
    void obtainPushToken();
  }, []);

  const onSubmit = (values: LoginFormValues) => {
    loginMutation.mutate(values, {
      onSuccess: (response) => {
        toastSuccess(response.message, AUTH_TOAST);
        void navigate(destinationOf(location.state), { replace: true });
      },
      onError: (error) => toastError(translateMessage(errorMessage(error)), AUTH_TOAST),
    });
  };

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
                <IconCar size={32} stroke={1.5} />
              </ThemeIcon>
              <Title order={1} className={classes.title}>
                {t('login.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('login.subtitle')}
              </Text>
            </Stack>
            <LoginForm pending={loginMutation.isPending} onSubmit={onSubmit} />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
