import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { useFormPopup } from '@/hooks/use-form-popup';
import { useAdmins, useTwoFactorPolicy } from '@/features/admins/api/admins';
import { AdminTable } from '@/features/admins/components/admin-table';
import { InviteModal } from '@/features/admins/components/invite-modal';

/** Settings -> Administrators (Owners): the team, invitations and the two-factor rule. */
export function AdminsPage() {
  const { t } = useTranslation();
  const admins = useAdmins();
  const policy = useTwoFactorPolicy();
  const form = useFormPopup();
  const required = admins.data?.two_factor_required ?? false;

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('pages.administrators')}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => form.open()}>
            {t('admins.invite')}
          </Button>
        }
      />
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Stack gap={2}>
            <Text fw={600}>{t('admins.requireTwoFactor')}</Text>
            <Text size="sm" c="dimmed">
              {t('admins.requireTwoFactorHint')}
            </Text>
          </Stack>
          <Switch
            aria-label={t('admins.requireTwoFactor')}
            checked={required}
            disabled={admins.isPending || policy.isPending}
            onChange={() => policy.mutate({ required: !required })}
            color="teal"
          />
        </Group>
      </Card>
      <AdminTable admins={admins.data?.admins} loading={admins.isFetching} />
      <InviteModal opened={form.opened} formKey={form.key} onClose={form.close} />
    </Stack>
  );
}
