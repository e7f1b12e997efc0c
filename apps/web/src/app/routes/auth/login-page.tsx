import type { LoginForm as LoginFormValues } from '@cabdesk/contract';
import { Alert } from '@mantine/core';
import { IconCar, IconClockExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLogin } from '@/features/auth/api/login';
import { useLogin2fa } from '@/features/auth/api/login-2fa';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { TwoFactorForm } from '@/features/auth/components/two-factor-form';
import { obtainPushToken } from '@/lib/push';
import type { SignInState } from '../../guards';

/** Where to go after signing in: the page that sent the visitor here, else the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  if (!from?.pathname || !from.pathname.startsWith('/') || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const secondStep = useLogin2fa();
  // Set when the password was right and the account has two-factor sign-in.
  const [challenge, setChallenge] = useState<string | null>(null);
  const sessionEnded = (location.state as SignInState | null)?.sessionEnded === true;

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
      onSuccess: ({ data }) => {
        if ('challenge' in data) setChallenge(data.challenge);
        else void navigate(destinationOf(location.state), { replace: true });
      },
    });
  };

  return (
    <AuthCard
      icon={<IconCar size={32} stroke={1.5} />}
      title={t('login.title')}
      description={t('login.subtitle')}
      maxWidth={420}
      backToLogin={false}
    >
      {sessionEnded ? (
        <Alert color="yellow" variant="light" icon={<IconClockExclamation />} mb="md" role="status">
          {t('login.sessionEnded')}
        </Alert>
      ) : null}
      {challenge === null ? (
        <LoginForm pending={loginMutation.isPending} onSubmit={onSubmit} />
      ) : (
        <TwoFactorForm
          pending={secondStep.isPending}
          onCancel={() => setChallenge(null)}
          onSubmit={({ code }) =>
            secondStep.mutate(
              { challenge, code },
              { onSuccess: () => void navigate(destinationOf(location.state), { replace: true }) },
            )
          }
        />
      )}
    </AuthCard>
  );
}
