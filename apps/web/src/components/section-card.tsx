import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a detail page. */
export function SectionCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
