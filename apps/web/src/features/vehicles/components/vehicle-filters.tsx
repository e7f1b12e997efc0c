import type { ReactNode } from 'react';
import { LookupFilter } from '@/components/lookup-filter';
import { ApprovalFilter } from '@/components/person-filters';

type VehicleFilter = 'approval' | 'service_type_id' | 'vehicle_type_id';

interface VehicleFiltersProps {
  table: {
    filters: Record<VehicleFilter, string>;
    setFilter(key: VehicleFilter, value: string | null): void;
    setFilters(changes: Partial<Record<VehicleFilter, string | null>>): void;
  };
  /** The company filter, on the list of every company's vehicles. */
  company?: ReactNode;
}

/** The filters of a list of vehicles: approval, the company, service type, vehicle type. */
export function VehicleFilters({ table, company }: VehicleFiltersProps) {
  return (
    <>
      <ApprovalFilter table={table} />
      {company}
      <LookupFilter
        kind="service_types"
        value={table.filters.service_type_id}
        onChange={(value) => table.setFilter('service_type_id', value)}
      />
      <LookupFilter
        kind="vehicle_types"
        value={table.filters.vehicle_type_id}
        onChange={(value) => table.setFilter('vehicle_type_id', value)}
      />
    </>
  );
}
