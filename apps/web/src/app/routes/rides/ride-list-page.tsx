import { rideList } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { liveTableProps, useLiveList } from '@/hooks/use-live-list';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { useRideList } from '@/features/rides/api/get-ride-list';
import { CancelRideButton } from '@/features/rides/components/cancel-ride-button';
import { rideListColumns } from '@/features/rides/components/ride-columns';
import { RideFilters } from '@/features/rides/components/ride-filters';
import { RIDE_TABLE } from '@/features/rides/ride-filters';
import { UserFilter } from '@/features/users/components/record-filters';

/**
 * SPEC 2 Trip list (Overall Trips): every trip, newest first or by date or
 * price, searched by passenger, driver or company name, phone or e-mail and
 * by address, filtered by status, days, company, driver, service type and
 * price; all in the URL. Pending and Accepted trips can be cancelled from their row.
 * Live: rows change in place as trips do, new ones wait behind "3 new trips".
 */
export function RideListPage() {
  const { t } = useTranslation();
  const table = useTableUrlState(RIDE_TABLE);
  const rides = useRideList(table.query);
  // New trips are announced, not slipped in under the pointer (issue 46).
  const live = useLiveList(
    rides.data,
    { endpoint: rideList, input: table.query },
    { kinds: ['rides'], rowKey: (ride) => ride.id },
  );
  const { filters, setFilter } = table;

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.trip')} />
      <DataTable
        label={t('pages.trip')}
        source={{ endpoint: rideList, input: table.query }}
        columns={rideListColumns(t, (ride) => (
          <CancelRideButton ride={ride} variant="icon" />
        ))}
        rowKey={(ride) => ride.id}
        {...liveTableProps(rides, live, {
          arrived: (count) => t('liveLists.newTrips', { count }),
          changed: t('liveLists.changed'),
        })}
        table={table}
        noun={(count) => t('nouns.trip', { count })}
        defaultSort="-created_at"
        filters={
          <RideFilters
            table={table}
            pickers={
              <>
                <UserFilter
                  kind="company"
                  value={filters.company_id}
                  onChange={(value) => setFilter('company_id', value)}
                />
                <UserFilter
                  kind="driver"
                  value={filters.driver_id}
                  onChange={(value) => setFilter('driver_id', value)}
                />
              </>
            }
          />
        }
        minWidth={940}
        dense
      />
    </Stack>
  );
}
