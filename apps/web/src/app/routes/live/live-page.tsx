import { Stack } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterMultiSelect, ListBar } from '@/components/data-table';
import { LookupFilter } from '@/components/lookup-filter';
import { PageTitle } from '@/components/page-title';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useLiveRide } from '@/features/live/api/get-live-ride';
import { useLiveDriver } from '@/features/live/api/get-live-driver';
import { DriverCard } from '@/features/live/components/driver-card';
import { DriverSearch } from '@/features/live/components/driver-search';
import { TripCard } from '@/features/live/components/trip-card';
import { LiveMap, STATE_ORDER, type MapFocus } from '@/features/live/components/live-map';
import { UserFilter } from '@/features/users/components/record-filters';

/** A positive whole id from the URL, else null. */
const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Issue 46: the live map. Drivers coloured by state, in clusters when zoomed
 * out, streamed for what is on screen; filters by state, company and service
 * type and a search by name or plate, all in the URL. `?driver=<id>` flies to
 * a driver and opens their card; `?ride=<id>` flies to a trip's driver (or
 * its pickup).
 */
export function LivePage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const driverId = idOf(params.get('driver'));
  const rideId = idOf(params.get('ride'));

  const setParam = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // `?driver=`: fly to where they were last heard (once per driver asked for: the map flies
  // when the focus's key changes, not when their card refreshes).
  const card = useLiveDriver(driverId);
  const fix = card.data?.fix;

  // `?ride=`: its driver when it has one with a position (their card), else its pickup.
  const ride = useLiveRide(rideId);
  useEffect(() => {
    const found = ride.data;
    if (found && found.driver_id !== null && found.focus?.of === 'driver') {
      setParam({ ride: null, driver: String(found.driver_id) });
    }
  }, [ride.data, setParam]);

  let focus: MapFocus | null = null;
  if (driverId !== null && fix) {
    focus = { lng: fix.lng, lat: fix.lat, key: `driver:${driverId}` };
  } else if (rideId !== null && ride.data?.focus?.of === 'pickup') {
    const { lat, lng } = ride.data.focus;
    focus = { lat, lng, key: `ride:${rideId}` };
  }

  const filters = {
    state: params.get('state') ?? undefined,
    company_id: params.get('company_id') ?? undefined,
    service_type_id: params.get('service_type_id') ?? undefined,
  };

  return (
    <Stack gap="md">
      <PageTitle title={t('pages.live')} />
      {/* As above a list: on a phone the search, then a Filters button opening a drawer. */}
      <ListBar
        phone={phone}
        search={
          <DriverSearch onPick={(driver) => setParam({ driver: String(driver.id), ride: null })} />
        }
        filters={
          <>
            <FilterMultiSelect
              label={t('live.stateFilter')}
              placeholder={t('live.anyState')}
              options={STATE_ORDER.map((value) => ({ value, label: t(`live.states.${value}`) }))}
              value={filters.state ?? ''}
              onChange={(value) => setParam({ state: value })}
            />
            <UserFilter
              kind="company"
              value={filters.company_id ?? ''}
              onChange={(value) => setParam({ company_id: value })}
            />
            <LookupFilter
              kind="service_types"
              value={filters.service_type_id ?? ''}
              onChange={(value) => setParam({ service_type_id: value })}
            />
          </>
        }
        activeFilters={Object.values(filters).filter(Boolean).length}
        onReset={() => setParam({ state: null, company_id: null, service_type_id: null })}
      />
      <LiveMap
        filters={filters}
        selectedId={driverId}
        onSelect={(id) => setParam({ driver: String(id), ride: null })}
        onSelectTrip={(trip) => setParam({ ride: String(trip.id), driver: null })}
        focus={focus}
      >
        {driverId !== null ? (
          <DriverCard driverId={driverId} onClose={() => setParam({ driver: null })} />
        ) : rideId !== null && ride.data ? (
          <TripCard ride={ride.data} onClose={() => setParam({ ride: null })} />
        ) : null}
      </LiveMap>
    </Stack>
  );
}
