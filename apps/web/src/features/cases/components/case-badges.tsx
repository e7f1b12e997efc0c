import type { CaseItem, CaseStatus } from '@cabdesk/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '@/components/status-badge';

const STATUS_COLORS: Record<CaseStatus, string> = {
  New: 'red',
  Acknowledged: 'orange',
  'In progress': 'blue',
  Resolved: 'teal',
  'False alarm': 'gray',
};

/** A case's status, in its colour. */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      color={STATUS_COLORS[status]}
      label={t(`cases.status.${status}`)}
      testId="case-status"
    />
  );
}

/** What a case is: SOS (loud), a complaint's type, or a low rating. */
export function CaseKindBadge({ item }: { item: Pick<CaseItem, 'kind' | 'complaint_type'> }) {
  const { t } = useTranslation();
  if (item.kind === 'sos') {
    return (
      <Badge color="red" variant="filled" miw="max-content">
        {t('cases.kind.sos')}
      </Badge>
    );
  }
  return (
    <ToneBadge
      color={item.kind === 'rating' ? 'yellow' : 'grape'}
      label={
        item.kind === 'rating'
          ? t('cases.kind.rating')
          : t(`cases.complaintType.${item.complaint_type ?? 'other'}`)
      }
    />
  );
}
