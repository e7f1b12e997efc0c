import { ACTIVE_STATUSES, APPROVALS } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from './data-table';

interface PersonFiltersProps {
  status?: string;
  approval?: string;
  onChange: (key: 'status' | 'approval', value: string | null) => void;
}

/** The status and approval selects beside a list's search box. */
export function PersonFilters({ status, approval, onChange }: PersonFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      {status !== undefined ? (
        <FilterSelect
          label={t('filters.status')}
          placeholder={t('filters.anyStatus')}
          value={status}
          options={ACTIVE_STATUSES.map((value) => ({ value, label: t(`activeStatus.${value}`) }))}
          onChange={(value) => onChange('status', value)}
        />
      ) : null}
      {approval !== undefined ? (
        <FilterSelect
          label={t('filters.approval')}
          placeholder={t('filters.anyApproval')}
          value={approval}
          options={APPROVALS.map((value) => ({ value, label: t(`approval.${value}`) }))}
          onChange={(value) => onChange('approval', value)}
        />
      ) : null}
    </>
  );
}
