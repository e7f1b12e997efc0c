import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { statusUpdate, type AnyEndpoint } from '@cabdesk/contract';
import { Switch, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '@/hooks/use-may';
import { ConfirmDialog } from './confirm-dialog';
import { checkReason } from './reject-reason';

export type ActiveStatus = 'Active' | 'Inactive';

interface ActiveSwitchProps {
  status: string;
  name: string;
  /** Sends the status chosen; deactivating, with its reason. */
  onChange: (status: ActiveStatus, reason?: string) => Promise<unknown>;
  pending: boolean;
  /** The call that saves it, which decides who sees a control: status-update by default. */
  endpoint?: AnyEndpoint;
  /** Deactivating asks why (the default); a coupon's suspension carries no reason. */
  withReason?: boolean;
  /** The switch's name and questions, where the record's kind needs its own words. */
  words?: { toggle: string; activate: string; deactivate: string };
}

/**
 * The Active / Inactive toggle of a person, company, vehicle or coupon: on and
 * teal while it is active, everywhere. Asked first both ways; deactivating a
 * record asks why (required, as rejecting does): the reason is stored on the
 * record and in its history.
 */
export function ActiveSwitch({
  status,
  name,
  onChange,
  pending,
  endpoint = statusUpdate,
  withReason = true,
  words,
}: ActiveSwitchProps) {
  const { t } = useTranslation();
  const said = words ?? {
    toggle: t('status.toggle', { name }),
    activate: t('status.activateConfirm', { name }),
    deactivate: t('status.deactivateConfirm', { name }),
  };
  const [asking, setAsking] = useState<ActiveStatus | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const active = status === 'Active';
  // A role that may not change statuses sees the state, not a control.
  const allowed = useMay().call(endpoint);

  const close = () => {
    setAsking(null);
    setReason('');
    setReasonError(undefined);
  };
  const deactivate = () => {
    const checked = checkReason(reason);
    if ('error' in checked) return setReasonError(checked.error);
    return onChange('Inactive', checked.reason).then(close, close);
  };

  return (
    <>
      <Switch
        checked={active}
        onChange={() => setAsking(active ? 'Inactive' : 'Active')}
        aria-label={said.toggle}
        color="teal"
        disabled={pending || !allowed}
        data-testid="active-switch"
      />
      <ConfirmDialog
        opened={asking === 'Active'}
        title={t('status.activateTitle')}
        message={said.activate}
        confirmLabel={t('status.activate')}
        color="teal"
        loading={pending}
        onConfirm={() => onChange('Active').then(close, close)}
        onClose={close}
      />
      <ConfirmDialog
        opened={asking === 'Inactive'}
        title={t('status.deactivateTitle')}
        message={said.deactivate}
        confirmLabel={t('status.deactivate')}
        color="red"
        loading={pending}
        onConfirm={withReason ? deactivate : () => onChange('Inactive').then(close, close)}
        onClose={close}
      >
        {withReason ? (
          <Textarea
            label={t('status.reason')}
            placeholder={t('status.reasonPlaceholder')}
            autosize
            minRows={2}
            maxRows={5}
            value={reason}
            error={reasonError}
            data-autofocus
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(undefined);
            }}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
