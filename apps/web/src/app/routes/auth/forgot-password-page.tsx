import { sendOtpRequestSchema, type SendOtpRequest } from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { AUTH_TOAST, toastError, toastSuccess } from '@/lib/toast';
import { useSendOtp } from '../api/send-otp';
import { AuthCard } from '../components/auth-card';

/** SPEC 2: one email field and Next; goes to /otp with the email. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fromLogin = Boolean((location.state as { fromLogin?: boolean } | null)?.fromLogin);
  const sendOtpMutation = useSendOtp();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(sendOtpRequestSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = (values: SendOtpRequest) => {
    sendOtpMutation.mutate(values, {
      onSuccess: (response) => {
        toastSuccess(translateMessage(response.message), AUTH_TOAST);
        void navigate('/otp', {
          state: { email: response.data.email, fromLogin, resendIn: response.data.resend_in },
        });
      },
      onError: (error) => toastError(translateMessage(errorMessage(error)), AUTH_TOAST),
    });
  };

  return (
    <AuthCard
      icon={<IconKey size={30} stroke={1.5} />}
      title={t('account.forgotTitle')}
      description={t('account.forgotDescription')}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="md">
          <TextInput
            label={t('account.email')}
            placeholder={t('login.emailPlaceholder')}
            type="email"
            autoComplete="username"
            leftSection={<IconMail size={18} stroke={1.5} />}
            error={errors.email?.message ? translateMessage(errors.email.message) : undefined}
            {...register('email', { onChange: () => clearErrors('email') })}
          />
          <Button type="submit" fullWidth size="md" loading={sendOtpMutation.isPending}>
            {t('account.next')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
