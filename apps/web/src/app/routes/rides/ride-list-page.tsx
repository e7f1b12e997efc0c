import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, SearchBox, pagedQueryProps } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { useRideList } from '@/features/rides/api/get-ride-list';
import { RejectRideButton } from '@/features/rides/components/reject-ride-button';
import { rideListColumns } from '@/features/rides/components/ride-columns';

/**
 * SPEC 2 Trip list (Overall Trips): every trip, newest first, searched by
 * passenger, driver or company name, phone or e-mail and by address; page and
 * search in the URL. Pending and Accepted trips can be rejected from their row.
 */
export function RideListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState();
  const rides = useRideList({ page: table.page, search: table.search || undefined });

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.trip')} />
      <DataTable
        label={t('pages.trip')}
        columns={rideListColumns(t, (ride) => (
          <RejectRideButton ride={ride} variant="icon" />
        ))}
        rowKey={(ride) => ride.id}
        {...pagedQueryProps(rides, table.setPage)}
        toolbar={<SearchBox value={table.search} onSearch={table.setSearch} />}
        minWidth={1040}
        dense
      />
    </Stack>
  );
}
