import { useState, type MouseEvent } from 'react';

/** A delete mutation by id (useDeleteRecord's). */
interface DeleteById {
  mutateAsync: (id: number, options: { onSettled: () => void }) => Promise<unknown>;
  isPending: boolean;
}

/**
 * A list's row delete, asked first in one confirm dialog: `ask(row)` is the
 * row icon's click, `dialog` the dialog's state. The icon that asked is kept,
 * so that after the delete the focus moves on along the list.
 */
export function useRowDelete<T extends { id: number }>(remove: DeleteById) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteIcon, setDeleteIcon] = useState<Element | null>(null);
  return {
    ask: (row: T) => (event: MouseEvent<Element>) => {
      setDeleteIcon(event.currentTarget);
      setDeleting(row);
    },
    dialog: {
      opened: deleting !== null,
      loading: remove.isPending,
      onConfirm: () => {
        if (!deleting) return;
        return remove
          .mutateAsync(deleting.id, { onSettled: () => setDeleting(null) })
          .catch(() => undefined);
      },
      onClose: () => setDeleting(null),
      removes: deleteIcon,
    },
  };
}
