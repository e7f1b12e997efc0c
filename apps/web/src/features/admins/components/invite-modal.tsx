import { adminInviteFormSchema, ROLES, type Role } from '@cabdesk/contract';
import { Select, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPopup, PopupForm, type FormPopupState } from '@/components/popup';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useInviteAdmin } from '../api/admins';

/** Invite a colleague by e-mail, with the role they will have. */
export function InviteModal(popup: FormPopupState) {
  const { t } = useTranslation();
  const invite = useInviteAdmin();
  return (
    <FormPopup
      {...popup}
      title={t('admins.inviteTitle')}
      closeLabel={t('common.close')}
      pending={invite.isPending}
    >
      {(close) => (
        <InviteForm
          pending={invite.isPending}
          onCancel={close}
          onSubmit={(values, onError) =>
            invite.mutate(values, { onSuccess: popup.onClose, onError })
          }
        />
      )}
    </FormPopup>
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
    <PopupForm
      onCancel={onCancel}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('admins.send')}
      pending={pending}
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['email', 'role'])),
      )}
    >
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
    </PopupForm>
  );
}
