import { APPROVALS } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '@/components/list-toolbar';
import { PageTitle } from '@/components/page-title';
import { VehicleTable } from '@/features/vehicles/components/vehicle-table';
import { useTableUrlState } from '@/hooks/use-table-url-state';

/** SPEC 2 Vehicle list, all companies. Vehicles have no active status: approval filters. */
export function VehicleListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState<'approval'>({ filters: { approval: APPROVALS } });
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.vehicle')} />
      <VehicleTable
        label={t('pages.vehicle')}
        query={table.query}
        onPageChange={table.setPage}
        toolbar={<ListToolbar table={table} />}
        minWidth={1050}
      />
    </Stack>
  );
}
