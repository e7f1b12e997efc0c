import { Button, Group, Modal, type MantineSpacing, type ModalProps } from '@mantine/core';

/**
 * A popup of SPEC 2 (a question before an action, or a small form): centered,
 * its title bold. Without a close button unless it has its own Cancel.
 */
export function Popup(props: ModalProps) {
  return <Modal centered styles={TITLE} {...props} />;
}

const TITLE = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };

interface PopupActionsProps {
  cancelLabel: string;
  confirmLabel: string;
  /** The call is under way: the action shows it, and cancel waits. */
  pending: boolean;
  onCancel: () => void;
  /** Clicked; without it, the action submits the popup's form. */
  onConfirm?: () => void;
  color?: string;
  mt?: MantineSpacing;
}

/** Cancel and the action, at the foot of a popup. */
export function PopupActions({
  cancelLabel,
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
  color,
  mt,
}: PopupActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={color}
        onClick={onConfirm}
        loading={pending}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
