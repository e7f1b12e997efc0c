import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface InfoItem {
  label: string;
  value: ReactNode;
}

/** Label over value, in a grid: the information card of a detail page. */
export function InfoList({ items, cols = 3 }: { items: InfoItem[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="lg" verticalSpacing="md">
      {items.map((item) => (
        <Stack key={item.label} gap={2} miw={0}>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {item.label}
          </Text>
          <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === ''
              ? '—'
              : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
