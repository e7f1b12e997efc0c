import '@mantine/core/styles/PinInput.layer.css';
import { ACCOUNT_MESSAGES, OTP_LENGTH, OTP_RESEND_SECONDS } from '@cabdesk/contract';
import { Anchor, Center, Group, PinInput, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { translateMessage } from '@/lib/i18n';
import { AUTH_TOAST, toastError } from '@/lib/toast';
import { retryAfterOf, useResendOtp } from '@/features/auth/api/resend-otp';
import { useVerifyOtp } from '@/features/auth/api/verify-otp';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthForm } from '@/features/auth/components/auth-form';
import { useCountdown } from '@/features/auth/hooks/use-countdown';

interface OtpState {
  email?: string;
  fromLogin?: boolean;
  resendIn?: number;
}

/** SPEC 2: 5 boxes, Submit, and the resend link; shows where the code went. */
export function OtpPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as OtpState;
  if (!state.email) return <Navigate to="/forgot-password" replace />;
  return (
    <OtpForm
      email={state.email}
      fromLogin={Boolean(state.fromLogin)}
      resendIn={state.resendIn ?? OTP_RESEND_SECONDS}
    />
  );
}

function OtpForm({
  email,
  fromLogin,
  resendIn,
}: {
  email: string;
  fromLogin: boolean;
  resendIn: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const verifyMutation = useVerifyOtp();
  const resendMutation = useResendOtp();
  const { secondsLeft, restart } = useCountdown(resendIn);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) {
      toastError(translateMessage(ACCOUNT_MESSAGES.otpInvalid), AUTH_TOAST);
      return;
    }
    verifyMutation.mutate(
      { email, otp },
      {
        onSuccess: ({ data }) => {
          void navigate('/change-password', {
            replace: true,
            state: { email, fromLogin, token: data.token },
          });
        },
      },
    );
  };

  const resend = () => {
    resendMutation.mutate(
      { email },
      {
        onSuccess: ({ data }) => {
          setOtp('');
          restart(data.resend_in);
        },
        onError: (error) => {
          const wait = retryAfterOf(error);
          if (wait !== null) restart(wait);
        },
      },
    );
  };

  const waiting = secondsLeft > 0;

  return (
    <AuthCard
      icon={<IconShieldLock size={30} stroke={1.5} />}
      title={t('account.otpTitle')}
      description={
        <Trans
          i18nKey="account.otpDescription"
          values={{ email }}
          components={{ strong: <Text span fw={700} /> }}
        />
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        pending={verifyMutation.isPending}
        submitLabel={t('account.submit')}
        gap="lg"
        footer={
          <Group gap={6} justify="center">
            <Text size="sm" c="dimmed">
              {t('account.didNotReceive')}
            </Text>
            {waiting ? (
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="resend-countdown">
                {t('account.resendIn', { seconds: secondsLeft })}
              </Text>
            ) : (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={resend}
                disabled={resendMutation.isPending}
              >
                {t('account.resend')}
              </Anchor>
            )}
          </Group>
        }
      >
        <Center>
          <PinInput
            length={OTP_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            size="lg"
            value={otp}
            onChange={setOtp}
            getInputProps={(index) => ({
              'aria-label': t('account.otpDigit', { n: index + 1, total: OTP_LENGTH }),
            })}
          />
        </Center>
      </AuthForm>
    </AuthCard>
  );
}
