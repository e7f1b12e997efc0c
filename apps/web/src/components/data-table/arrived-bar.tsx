import { Button } from '@mantine/core';
import { IconArrowBarToUp } from '@tabler/icons-react';

/** Rows that arrived on a live list's page (issue 46), and the button that shows them. */
export interface Arrived {
  count: number;
  /** "3 new trips". */
  label: string;
  show: () => void;
}

/**
 * Above a live list: what arrived since it was shown, told without moving a
 * row (a status, which screen readers read out); pressed, the list shows them.
 */
export function ArrivedBar({ arrived }: { arrived: Arrived }) {
  return (
    <div role="status">
      <Button
        variant="light"
        fullWidth
        leftSection={<IconArrowBarToUp size={16} aria-hidden />}
        onClick={arrived.show}
      >
        {arrived.label}
      </Button>
    </div>
  );
}
