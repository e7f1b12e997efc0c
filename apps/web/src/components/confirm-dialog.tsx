import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, PopupActions } from './popup';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  color?: string;
  /** The call is under way: the buttons wait and the dialog stays. */
  loading?: boolean;
  /** Sends the request; its promise keeps the button waiting (one request per confirmation). */
  onConfirm: () => unknown;
  onClose: () => void;
}

/** Asks before an action that changes a record (approve, reject, deactivate, delete). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  color = 'indigo',
  loading = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Popup
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      withCloseButton={false}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <PopupActions
          cancelLabel={cancelLabel ?? t('confirm.cancel')}
          confirmLabel={confirmLabel}
          color={color}
          pending={loading}
          onCancel={onClose}
          onConfirm={onConfirm}
        />
      </Stack>
    </Popup>
  );
}
