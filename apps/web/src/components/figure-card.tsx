import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/hooks/use-is-phone';

interface FigureCardProps {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
}

/**
 * One summary figure: an icon and its label, the value below; on a phone one
 * line (label left, value right), so four figures do not fill the screen.
 */
export function FigureCard({ label, value, icon, color }: FigureCardProps) {
  const phone = useIsPhone();
  const heading = (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon color={color} variant="light" size={phone ? 32 : 40} radius="md">
        {icon}
      </ThemeIcon>
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
    </Group>
  );
  const figure = (
    <Text
      fw={700}
      mt={phone ? 0 : 'md'}
      fz={phone ? 20 : 26}
      ta={phone ? 'right' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {value}
    </Text>
  );
  return (
    <Paper withBorder radius="md" p={phone ? 'sm' : 'lg'} data-testid="figure-card">
      {phone ? (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          {heading}
          {figure}
        </Group>
      ) : (
        <>
          {heading}
          {figure}
        </>
      )}
    </Paper>
  );
}

export type Figure = FigureCardProps;

/** Summary figures four to a row (two on a tablet, one a line on a phone). */
export function FigureGrid({ figures }: { figures: Figure[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      {figures.map((figure) => (
        <FigureCard key={figure.label} {...figure} />
      ))}
    </SimpleGrid>
  );
}
