import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Popup, PopupActions } from '@/components/popup';
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

  const confirm = () =>
    logoutMutation
      .mutateAsync(undefined, {
        onSuccess: (message) => {
          if (message) toastSuccess(message);
        },
        onSettled: () => {
          onClose();
          void navigate('/login', { replace: true });
        },
      })
      .catch(() => undefined);

  return (
    <Popup
      opened={opened}
      onClose={onClose}
      title={t('logout.title')}
      closeOnClickOutside={!logoutMutation.isPending}
      closeOnEscape={!logoutMutation.isPending}
      withCloseButton={false}
    >
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size="lg" radius="xl">
            <IconLogout size={20} stroke={1.5} />
          </ThemeIcon>
          <Text>{t('logout.confirm')}</Text>
        </Group>
        <PopupActions
          cancelLabel={t('logout.no')}
          confirmLabel={t('logout.yes')}
          color="red"
          pending={logoutMutation.isPending}
          onCancel={onClose}
          onConfirm={confirm}
        />
      </Stack>
    </Popup>
  );
}
