import '@mantine/core/styles/Timeline.layer.css';
import type { CaseActivity } from '@cabdesk/contract';
import { Text, Timeline } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconFlag,
  IconNote,
  IconPhone,
  IconReceiptRefund,
  IconShieldCheck,
  IconUserCheck,
  IconUrgent,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';

const ICONS = {
  note: IconNote,
  called_driver: IconPhone,
  called_passenger: IconPhone,
  contacted_authorities: IconShieldCheck,
  opened: IconFlag,
  status: IconArrowRight,
  assigned: IconUserCheck,
  outcome: IconFlag,
  refund: IconReceiptRefund,
  escalated: IconUrgent,
} as const;

/** What an entry says: the change in words ("New -> Acknowledged" translated), the note's own words. */
function useEntryText() {
  const { t } = useTranslation();
  return (entry: CaseActivity) => {
    if (entry.kind === 'status' && entry.text) {
      const [from, to] = entry.text.split(' -> ');
      return t('cases.activityText.status', {
        from: t(`cases.status.${from}`, { defaultValue: from }),
        to: t(`cases.status.${to}`, { defaultValue: to }),
      });
    }
    if (entry.kind === 'refund' && entry.text) {
      return t('cases.activityText.refund', { id: entry.text });
    }
    if (entry.kind === 'outcome' && entry.text) {
      return t(`cases.outcomes.${entry.text}`, { defaultValue: entry.text });
    }
    return entry.text;
  };
}

/** A case's activity log, oldest first: each note, call and change, who and when. */
export function CaseActivityLog({ activity }: { activity: CaseActivity[] }) {
  const { t } = useTranslation();
  const textOf = useEntryText();
  return (
    <Timeline bulletSize={24} lineWidth={2} data-testid="case-activity">
      {activity.map((entry) => {
        const Icon = ICONS[entry.kind] ?? IconAlertTriangle;
        const text = textOf(entry);
        return (
          <Timeline.Item
            key={entry.id}
            bullet={<Icon size={14} aria-hidden />}
            color={entry.kind === 'escalated' ? 'red' : undefined}
            title={
              <Text size="sm" fw={600}>
                {t(`cases.activity.${entry.kind}`)}
              </Text>
            }
          >
            {text ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {text}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {entry.admin?.name ?? t('cases.byCabdesk')} · <DateTime value={entry.at} />
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
