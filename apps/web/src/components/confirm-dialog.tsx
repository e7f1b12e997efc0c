import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusAfterRemoval } from '@/lib/focus-after-removal';
import { isThenable } from '@/lib/one-at-a-time';
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
  /**
   * An element of the list row the action removes (a delete): once done, the
   * focus moves on to the next row rather than to the page.
   */
  removes?: Element | null;
  /** What the answer needs besides yes (a reason), under the message. */
  children?: ReactNode;
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
  removes,
  children,
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
        {children}
        <PopupActions
          cancelLabel={cancelLabel ?? t('confirm.cancel')}
          confirmLabel={confirmLabel}
          color={color}
          pending={loading}
          onCancel={onClose}
          onConfirm={() => {
            const moveFocus = focusAfterRemoval(removes ?? null);
            const answer = onConfirm();
            return isThenable(answer) ? Promise.resolve(answer).then(moveFocus) : answer;
          }}
        />
      </Stack>
    </Popup>
  );
}
