import '@mantine/core/styles/Image.layer.css';
import { totpEnableFormSchema } from '@cabdesk/contract';
import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from './card-heading';
import { ToneBadge } from '@/components/status-badge';
import { StepUpModal } from '@/components/step-up-modal';
import { useSchemaForm } from '@/hooks/use-schema-form';
import {
  profileChanged,
  useRenewRecoveryCodes,
  useTotpDisable,
  useTotpEnable,
  useTotpSetup,
} from '../api/two-factor';

/** What an administrator with two-factor sign-in on may do with it, each after a step-up. */
type Change = 'replace' | 'codes' | 'off';

/**
 * Two-factor sign-in (TOTP): scan the code with an authenticator app,
 * confirm one code, then keep the 10 recovery codes shown this once. Once on,
 * it can be moved to a new authenticator, given new recovery codes or turned
 * off, each after the password and a code are given again.
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const renew = useRenewRecoveryCodes();
  const disable = useTotpDisable();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<Change | null>(null);

  const confirmed = () => {
    const change = asking;
    setAsking(null);
    if (change === 'replace') setup.mutate({});
    if (change === 'codes')
      renew.mutate({}, { onSuccess: ({ data }) => setCodes(data.recovery_codes) });
    if (change === 'off') disable.mutate({}, { onSuccess: () => setup.reset() });
  };
  const form = useSchemaForm(totpEnableFormSchema, { code: '' });

  const body = () => {
    if (codes) {
      return (
        <Stack gap="sm">
          <Alert color="teal" icon={<IconShieldCheck size={18} />} title={t('twoFactor.onTitle')}>
            {t('twoFactor.codesHint')}
          </Alert>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="recovery-codes">
            {codes.map((code) => (
              <Code key={code} fz="sm" ta="center">
                {code}
              </Code>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              onClick={() =>
                void profileChanged().then(() => {
                  setCodes(null);
                  setup.reset();
                })
              }
            >
              {t('twoFactor.done')}
            </Button>
          </Group>
        </Stack>
      );
    }
    if (enabled && !setup.data) {
      return (
        <Stack gap="sm">
          <Group gap="sm">
            <ToneBadge color="teal" label={t('admins.on')} />
            <Text size="sm">{t('twoFactor.isOn')}</Text>
          </Group>
          <Group gap="xs" justify="flex-end">
            <Button
              variant="default"
              loading={setup.isPending}
              onClick={() => setAsking('replace')}
            >
              {t('twoFactor.replace')}
            </Button>
            <Button variant="default" loading={renew.isPending} onClick={() => setAsking('codes')}>
              {t('twoFactor.newCodes')}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={disable.isPending}
              onClick={() => setAsking('off')}
            >
              {t('twoFactor.turnOff')}
            </Button>
          </Group>
        </Stack>
      );
    }
    if (!setup.data) {
      return (
        <Group justify="flex-end">
          <Button loading={setup.isPending} onClick={() => setup.mutate({})}>
            {t('twoFactor.setUp')}
          </Button>
        </Group>
      );
    }
    const { qr_code, secret } = setup.data.data;
    return (
      <form
        noValidate
        onSubmit={form.handleSubmit(({ code }) =>
          enable.mutate(
            { code },
            {
              onSuccess: ({ data }) => setCodes(data.recovery_codes),
              onError: (error) => form.showServerErrors(error, ['code']),
            },
          ),
        )}
      >
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.scan')}</Text>
          <Group align="flex-start" gap="lg">
            <Image src={qr_code} alt={t('twoFactor.qrAlt')} w={180} h={180} />
            <Stack gap={4} maw={320}>
              <Text size="xs" c="dimmed">
                {t('twoFactor.cannotScan')}
              </Text>
              <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {secret}
              </Code>
            </Stack>
          </Group>
          <TextInput
            label={t('twoFactor.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maw={220}
            {...form.field('code')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={enable.isPending}>
              {t('twoFactor.turnOn')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <CardHeading title={t('twoFactor.title')} hint={t('twoFactor.hint')} />
        {body()}
      </Stack>
      <StepUpModal
        opened={asking !== null}
        withCode={enabled}
        onClose={() => setAsking(null)}
        onConfirmed={confirmed}
      />
    </Card>
  );
}
