import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './stat-card.module.css';

interface StatCardProps {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
}

/** One figure of the dashboard: an icon and its label, the value below. */
export function StatCard({ label, value, icon, color }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.card} data-testid="stat-card">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={color} variant="light" size={40} radius="md" className={classes.icon}>
          {icon}
        </ThemeIcon>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
      </Group>
      <Text className={classes.value} fw={700} mt="md">
        {value}
      </Text>
    </Paper>
  );
}
