import { Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { IconAction } from '@/components/icon-action';

/** One of a row's two actions: its tooltip, what a screen reader says, and what it does. */
interface RowAction {
  tooltip: string;
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** A row's edit and delete icons; an action left out (not allowed) is not shown. */
export function EditDeleteActions({ edit, remove }: { edit?: RowAction; remove?: RowAction }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {edit ? (
        <IconAction {...edit}>
          <IconPencil size={18} />
        </IconAction>
      ) : null}
      {remove ? (
        <IconAction {...remove} color="red">
          <IconTrash size={18} />
        </IconAction>
      ) : null}
    </Group>
  );
}
