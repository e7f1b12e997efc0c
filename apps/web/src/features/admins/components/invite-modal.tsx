import { adminInviteFormSchema, ROLES, type Role } from '@cabdesk/contract';
import { Select, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Popup, PopupActions } from '@/components/popup';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useInviteAdmin } from '../api/admins';

interface InviteModalProps {
  opened: boolean;
  /** Changes on every opening, so the form starts afresh. */
  formKey: number;
  onClose: () => void;
}

/** Invite a colleague by e-mail, with the role they will have. */
export function InviteModal({ opened, formKey, onClose }: InviteModalProps) {
  const { t } = useTranslation();
  const invite = useInviteAdmin();
  const close = invite.isPending ? () => undefined : onClose;
  return (
    <Popup
      opened={opened}
      onClose={close}
      title={t('admins.inviteTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <InviteForm
        key={formKey}
        pending={invite.isPending}
        onCancel={close}
        onSubmit={(values, onError) => invite.mutate(values, { onSuccess: onClose, onError })}
      />
    </Popup>
  );
}

interface InviteFormProps {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: { email: string; role: Role }, onError: (error: unknown) => void) => void;
}

function InviteForm({ pending, onCancel, onSubmit }: InviteFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(adminInviteFormSchema, { email: '', role: 'Operator' as Role });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['email', 'role'])),
      )}
    >
      <Stack gap="md">
        <TextInput label={t('admins.email')} type="email" data-autofocus {...form.field('email')} />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('admins.role')}
              data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <PopupActions
          onCancel={onCancel}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('admins.send')}
          pending={pending}
        />
      </Stack>
    </form>
  );
}
