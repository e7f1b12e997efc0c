import { Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './stat-card.module.css';

interface StatCardProps {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
  /** What the figure counts, shown on hover of an info mark. */
  hint?: string;
}

/** One figure of the dashboard: an icon and its label, the value below. */
export function StatCard({ label, value, icon, color, hint }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.card} data-testid="stat-card">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={color} variant="light" size={40} radius="md" className={classes.icon}>
          {icon}
        </ThemeIcon>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        {hint ? (
          <Tooltip label={hint} withArrow>
            <IconInfoCircle size={16} aria-label={hint} role="img" style={{ flexShrink: 0 }} />
          </Tooltip>
        ) : null}
      </Group>
      <Text className={classes.value} fw={700} mt="md">
        {value}
      </Text>
    </Paper>
  );
}
