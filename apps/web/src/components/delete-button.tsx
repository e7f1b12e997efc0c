import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';
import { IconAction } from './icon-action';

interface DeleteButtonProps {
  name: string;
  /** Deletes on the server; resolves once it answered. */
  onDelete: () => Promise<unknown>;
  pending: boolean;
  variant?: 'icon' | 'button';
}

/** Delete, asked first; acts on the server (ARCHITECTURE: no popup only closes). */
export function DeleteButton({ name, onDelete, pending, variant = 'icon' }: DeleteButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  // The row's delete icon asked: after the delete, the focus goes on along the list.
  const [row, setRow] = useState<Element | null>(null);
  return (
    <>
      {variant === 'icon' ? (
        <IconAction
          tooltip={t('delete.action')}
          label={t('delete.actionName', { name })}
          color="red"
          onClick={(event) => {
            setRow(event.currentTarget);
            setAsking(true);
          }}
        >
          <IconTrash size={18} />
        </IconAction>
      ) : (
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} />}
          onClick={() => setAsking(true)}
        >
          {t('delete.action')}
        </Button>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('delete.title')}
        message={t('delete.confirm', { name })}
        confirmLabel={t('delete.yes')}
        color="red"
        loading={pending}
        removes={row}
        onConfirm={() =>
          onDelete().then(
            () => setAsking(false),
            () => setAsking(false),
          )
        }
        onClose={() => setAsking(false)}
      />
    </>
  );
}
