import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toggleHidden } from '@/hooks/table-url-state';

interface ColumnMenuProps {
  /** The columns a person may hide (not the row's number or its actions). */
  columns: { key: string; header: string }[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

/** "Columns": a checkbox per column; a cleared one is hidden (the URL's `hide`, or `show` for one hidden by default). */
export function ColumnMenu({ columns, hidden, onChange }: ColumnMenuProps) {
  const { t } = useTranslation();
  const order = columns.map((column) => column.key);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {hidden.length > 0
            ? t('columns.buttonHidden', { count: hidden.length })
            : t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('columns.title')}>
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              label={column.header}
              checked={!hidden.includes(column.key)}
              onChange={(event) =>
                onChange(toggleHidden(hidden, column.key, !event.currentTarget.checked, order))
              }
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
