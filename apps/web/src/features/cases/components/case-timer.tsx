import type { CaseItem } from '@cabdesk/contract';
import { Text } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { formatWaiting } from '@/lib/format';

/** The part of a deadline's time left under which its timer turns amber. */
const AMBER_SHARE = 0.25;

/** The deadline a case is working against now: to acknowledge while New, else to resolve; none once closed. */
const nextDeadlineOf = (item: CaseItem) =>
  item.closed_at !== null
    ? null
    : item.status === 'New'
      ? item.acknowledge_due_at
      : item.resolve_due_at;

/** green (time enough), amber (the last quarter of the time), red (overdue). */
function timerTone(item: CaseItem, now: number): 'green' | 'amber' | 'red' | null {
  const due = nextDeadlineOf(item);
  if (due === null) return null;
  const end = Date.parse(due);
  if (now >= end) return 'red';
  const start = Date.parse(
    item.status === 'New' ? item.created_at : (item.acknowledged_at ?? item.created_at),
  );
  return end - now <= (end - start) * AMBER_SHARE ? 'amber' : 'green';
}

const COLORS = { green: 'teal.8', amber: 'orange.8', red: 'red.8' } as const;

/**
 * How long a case has left to its next deadline ("12 min left to acknowledge"),
 * or how long it is overdue, turning amber in the deadline's last quarter and
 * red past it; moved on every few seconds.
 */
export function CaseTimer({ item, size = 'sm' }: { item: CaseItem; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const now = useNow(5_000);
  const due = nextDeadlineOf(item);
  const tone = timerTone(item, now);
  if (due === null || tone === null) {
    return (
      <Text size={size} c="dimmed">
        {t('cases.timer.closed')}
      </Text>
    );
  }
  const step = item.status === 'New' ? 'acknowledge' : 'resolve';
  const overdue = tone === 'red';
  // formatWaiting counts from a start to now: the time left counts from now to the deadline.
  const span = overdue ? formatWaiting(due, now) : formatWaiting(new Date(now), Date.parse(due));
  return (
    <Text
      size={size}
      fw={600}
      c={COLORS[tone]}
      data-testid="case-timer"
      data-tone={tone}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconAlarm size={14} aria-hidden />
      {t(overdue ? `cases.timer.overdue.${step}` : `cases.timer.left.${step}`, { time: span })}
    </Text>
  );
}
