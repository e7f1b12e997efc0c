import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface FigureCardProps {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
}

/** One summary figure: an icon and its label, the value below. */
export function FigureCard({ label, value, icon, color }: FigureCardProps) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="figure-card">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={color} variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
      </Group>
      <Text fw={700} mt="md" fz={26} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

export type Figure = FigureCardProps;

/** Summary figures four to a row (two on a tablet, one on a phone). */
export function FigureGrid({ figures }: { figures: Figure[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
      {figures.map((figure) => (
        <FigureCard key={figure.label} {...figure} />
      ))}
    </SimpleGrid>
  );
}
