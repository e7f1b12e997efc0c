import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { AUDIT_FILTERS, AuditTable } from '@/features/audit-log/components/audit-table';
import { useTableUrlState } from '@/hooks/use-table-url-state';

/** Settings -> Audit log (Owners): every administrator action, newest first; filters in the URL. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({ list: 'audit-log', filters: AUDIT_FILTERS });
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.auditLog')} />
      <AuditTable table={table} />
    </Stack>
  );
}
