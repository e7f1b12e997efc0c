import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '@/lib/toast';
import { useLogout } from '../api/logout';

interface LogoutModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC 2: "Are you sure? you want to Logout!" with No and Yes. */
export function LogoutModal({ opened, onClose }: LogoutModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logoutMutation = useLogout();

  const confirm = () => {
    logoutMutation.mutate(undefined, {
      onSuccess: (message) => {
        if (message) toastSuccess(message);
      },
      onSettled: () => {
        onClose();
        void navigate('/login', { replace: true });
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('logout.title')}
      centered
      radius="md"
      closeOnClickOutside={!logoutMutation.isPending}
      closeOnEscape={!logoutMutation.isPending}
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size="lg" radius="xl">
            <IconLogout size={20} stroke={1.5} />
          </ThemeIcon>
          <Text>{t('logout.confirm')}</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={logoutMutation.isPending}>
            {t('logout.no')}
          </Button>
          <Button color="red" onClick={confirm} loading={logoutMutation.isPending}>
            {t('logout.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
