import { RIDE_SORTS } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, pagedQueryProps } from '@/components/data-table';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { useRideList } from '../api/get-ride-list';
import { HISTORY_FILTERS } from '../ride-filters';
import { rideColumns, type RideParty } from './ride-columns';
import { RideFilters } from './ride-filters';

interface RideHistoryTableProps {
  /** The passenger, driver or company whose trips are shown. */
  userId: number;
  party: RideParty;
}

/**
 * The trip history of one account: searched, sorted and filtered like the
 * trip list (but for the company and the driver), a page at a time; all in the URL.
 */
export function RideHistoryTable({ userId, party }: RideHistoryTableProps) {
  const { t } = useTranslation();
  const table = useTableUrlState({
    list: 'trip-history',
    sorts: RIDE_SORTS,
    filters: HISTORY_FILTERS,
  });
  const rides = useRideList({ ...table.query, user_id: userId });

  return (
    <DataTable
      label={t('rides.history')}
      columns={rideColumns(t, party)}
      rowKey={(ride) => ride.id}
      {...pagedQueryProps(rides)}
      table={table}
      noun={(count) => t('nouns.trip', { count })}
      defaultSort="-created_at"
      filters={<RideFilters table={table} />}
      minWidth={940}
      dense
    />
  );
}
