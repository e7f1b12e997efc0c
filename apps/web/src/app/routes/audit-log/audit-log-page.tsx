import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { AuditTable, type AuditFilters } from '@/features/audit-log/components/audit-table';

/** Settings -> Audit log (Owners): every administrator action, newest first. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.auditLog')} />
      <AuditTable
        filters={filters}
        page={page}
        onPageChange={setPage}
        onFilter={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
    </Stack>
  );
}
