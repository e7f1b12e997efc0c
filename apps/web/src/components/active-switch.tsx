import { statusUpdate } from '@cabdesk/contract';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '@/hooks/use-may';
import { ConfirmDialog } from './confirm-dialog';

export type ActiveStatus = 'Active' | 'Inactive';

interface ActiveSwitchProps {
  status: string;
  name: string;
  onChange: (status: ActiveStatus) => Promise<unknown>;
  pending: boolean;
}

/** The Active / Inactive toggle of a user or company, asked first both ways. */
export function ActiveSwitch({ status, name, onChange, pending }: ActiveSwitchProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<ActiveStatus | null>(null);
  const active = status === 'Active';
  // A role that may not change statuses sees the state, not a control.
  const allowed = useMay().call(statusUpdate);

  return (
    <>
      <Switch
        checked={active}
        onChange={() => setAsking(active ? 'Inactive' : 'Active')}
        aria-label={t('status.toggle', { name })}
        color="teal"
        disabled={pending || !allowed}
        data-testid="active-switch"
      />
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'Inactive' ? t('status.deactivateTitle') : t('status.activateTitle')}
        message={
          asking === 'Inactive'
            ? t('status.deactivateConfirm', { name })
            : t('status.activateConfirm', { name })
        }
        confirmLabel={asking === 'Inactive' ? t('status.deactivate') : t('status.activate')}
        color={asking === 'Inactive' ? 'red' : 'teal'}
        loading={pending}
        onConfirm={() => {
          if (!asking) return;
          return onChange(asking).then(
            () => setAsking(null),
            () => setAsking(null),
          );
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
