import { Button, Group, Modal, Stack, type MantineSpacing, type ModalProps } from '@mantine/core';
import { Fragment, useState, type ComponentProps, type ReactNode } from 'react';
import { oneAtATime } from '@/lib/one-at-a-time';

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
  /**
   * Clicked; without it, the action submits the popup's form. When it answers
   * the request's promise, the action waits (and ignores clicks) until it settles.
   */
  onConfirm?: () => unknown;
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
  // One request per confirmation, however fast the clicks: the mutation's own
  // pending state reaches the button only after the next click may have come.
  const [sending, setSending] = useState(false);
  const [oneRequest] = useState(() => oneAtATime(setSending));
  const busy = pending || sending;
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={color}
        onClick={onConfirm ? () => oneRequest(onConfirm) : undefined}
        loading={busy}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}

interface PopupFormProps extends Omit<PopupActionsProps, 'onConfirm'> {
  onSubmit: ComponentProps<'form'>['onSubmit'];
  /** The fields, above Cancel and the action (which submits). */
  children: ReactNode;
}

/** The small form of a popup: its fields, then Cancel and the submitting action. */
export function PopupForm({ onSubmit, children, ...actions }: PopupFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        <PopupActions {...actions} />
      </Stack>
    </form>
  );
}

/** What a page holds of its popup form (see useFormPopup). */
export interface FormPopupState {
  opened: boolean;
  /** Changes on every opening, so the form starts afresh. */
  formKey: number;
  onClose: () => void;
}

interface FormPopupProps extends FormPopupState {
  title: string;
  /** The name of the close button. */
  closeLabel: string;
  /** A call of the form is under way: the popup stays until it settles. */
  pending: boolean;
  size?: ModalProps['size'];
  /** The form, given what its Cancel does. */
  children: (close: () => void) => ReactNode;
}

/** A popup around a form, which cannot be closed while the form's call is under way. */
export function FormPopup({ formKey, pending, closeLabel, children, ...popup }: FormPopupProps) {
  const close = pending ? () => undefined : popup.onClose;
  return (
    <Popup {...popup} onClose={close} closeButtonProps={{ 'aria-label': closeLabel }}>
      <Fragment key={formKey}>{children(close)}</Fragment>
    </Popup>
  );
}
