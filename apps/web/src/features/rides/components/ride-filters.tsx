import { RIDE_STATUSES } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountRangeFilter, DateRangeFilter, FilterMultiSelect } from '@/components/data-table';
import { LookupFilter } from '@/components/lookup-filter';
import type { RideFilter } from '../ride-filters';

interface RideFilterState {
  filters: Partial<Record<RideFilter, string>>;
  setFilter(key: RideFilter, value: string | null): void;
  setFilters(changes: Partial<Record<RideFilter, string | null>>): void;
}

/**
 * The filters of a list of trips: statuses, the days, then `pickers` (the
 * company and the driver, on the list of all trips), the service type and the
 * price range.
 */
export function RideFilters({ table, pickers }: { table: RideFilterState; pickers?: ReactNode }) {
  const { t } = useTranslation();
  const { filters, setFilter, setFilters } = table;
  return (
    <>
      <FilterMultiSelect
        label={t('filters.tripStatus')}
        placeholder={t('filters.anyStatus')}
        options={RIDE_STATUSES.map((value) => ({ value, label: t(`rideStatus.${value}`) }))}
        value={filters.ride_status ?? ''}
        onChange={(value) => setFilter('ride_status', value)}
      />
      <DateRangeFilter
        from={filters.from ?? ''}
        to={filters.to ?? ''}
        onChange={(changes) => setFilters(changes)}
      />
      {pickers}
      <LookupFilter
        kind="service_types"
        value={filters.service_type_id ?? ''}
        onChange={(value) => setFilter('service_type_id', value)}
      />
      <AmountRangeFilter
        min={filters.min_amount ?? ''}
        max={filters.max_amount ?? ''}
        onChange={(changes) => setFilters(changes)}
      />
    </>
  );
}
