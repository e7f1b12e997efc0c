import { Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/hooks/use-is-phone';
import classes from './stat-card.module.css';

interface StatCardProps {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
  /** What the figure counts, shown on hover of an info mark. */
  hint?: string;
}

/** One figure of the dashboard: an icon and its label, the value below (smaller on a phone). */
export function StatCard({ label, value, icon, color, hint }: StatCardProps) {
  const phone = useIsPhone();
  return (
    <Paper
      withBorder
      radius="md"
      p={phone ? 'sm' : 'lg'}
      className={classes.card}
      data-testid="stat-card"
    >
      <Group gap={phone ? 'xs' : 'sm'} wrap="nowrap" align="flex-start">
        <ThemeIcon
          color={color}
          variant="light"
          size={phone ? 28 : 40}
          radius="md"
          className={classes.icon}
        >
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
      <Text className={classes.value} fw={700} mt={phone ? 'xs' : 'md'}>
        {value}
      </Text>
    </Paper>
  );
}
