import { sendOtpRequestSchema, type SendOtpRequest } from '@cabdesk/contract';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSendOtp } from '@/features/auth/api/send-otp';
import { AuthCard } from '@/features/auth/components/auth-card';
import { EmailField } from '@/features/auth/components/auth-fields';
import { AuthForm } from '@/features/auth/components/auth-form';
import { useSchemaForm } from '@/hooks/use-schema-form';

/** SPEC 2: one email field and Next; goes to /otp with the email. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fromLogin = Boolean((location.state as { fromLogin?: boolean } | null)?.fromLogin);
  const sendOtpMutation = useSendOtp();
  const form = useSchemaForm(sendOtpRequestSchema, { email: '' });

  const onSubmit = (values: SendOtpRequest) => {
    sendOtpMutation.mutate(values, {
      onSuccess: ({ data }) => {
        void navigate('/otp', {
          state: { email: data.email, fromLogin, resendIn: data.resend_in },
        });
      },
    });
  };

  return (
    <AuthCard
      icon={<IconKey size={30} stroke={1.5} />}
      title={t('account.forgotTitle')}
      description={t('account.forgotDescription')}
    >
      <AuthForm
        onSubmit={form.handleSubmit(onSubmit)}
        pending={sendOtpMutation.isPending}
        submitLabel={t('account.next')}
      >
        <EmailField label={t('account.email')} {...form.field('email')} />
      </AuthForm>
    </AuthCard>
  );
}
