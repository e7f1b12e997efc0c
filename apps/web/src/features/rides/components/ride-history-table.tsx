import { useTranslation } from 'react-i18next';
import { DataTable, SearchBox, pagedQueryProps } from '@/components/data-table';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { useRideList } from '../api/get-ride-list';
import { rideColumns, type RideParty } from './ride-columns';

interface RideHistoryTableProps {
  /** The passenger, driver or company whose trips are shown. */
  userId: number;
  party: RideParty;
}

/** A searchable, paged trip history of one account; page and search in the URL. */
export function RideHistoryTable({ userId, party }: RideHistoryTableProps) {
  const { t } = useTranslation();
  const table = useTableUrlState();
  const rides = useRideList({
    user_id: userId,
    page: table.page,
    search: table.search || undefined,
  });

  return (
    <DataTable
      label={t('rides.history')}
      columns={rideColumns(t, party)}
      rowKey={(ride) => ride.id}
      {...pagedQueryProps(rides, table.setPage)}
      toolbar={<SearchBox value={table.search} onSearch={table.setSearch} />}
      minWidth={940}
      dense
    />
  );
}
