import type { LiveTrip, LiveView, PositionState } from '@cabdesk/contract';
import { Badge, Group, Paper } from '@mantine/core';
import type { GeoJSONSource, LngLatBounds, Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseMap } from '@/components/map/base-map';
import { formatCount } from '@/lib/format';
import { useLiveStream, type DriverIndex } from '../api/live-stream';
import classes from './live-map.module.css';

/** Each state's colour on the map and in the legend (Mantine's green, indigo and gray). */
export const STATE_COLOURS: Record<PositionState, string> = {
  available: '#2f9e44',
  on_trip: '#4263eb',
  offline: '#868e96',
};

/** The states in the legend's order: who can take a trip first. */
export const STATE_ORDER: readonly PositionState[] = ['available', 'on_trip', 'offline'];

/** The app's own font stack: drawn from local fonts where the basemap names no glyphs. */
const FONT_STACK = ['Inter', 'system-ui', 'Segoe UI', 'Roboto', 'Arial'];

/** A basemap's own font for the counts (an operator's glyphs serve only their fonts), else ours. */
function countFont(map: MapLibre): string[] {
  for (const layer of map.getStyle().layers) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.every((name) => typeof name === 'string')) {
      return font as string[];
    }
  }
  return FONT_STACK;
}

type Box = [minLng: number, minLat: number, maxLng: number, maxLat: number];

/**
 * The area a stream asks for: what is on screen and half as much again on
 * every side, so panning a little keeps the same stream.
 */
function paddedBox(bounds: LngLatBounds): Box {
  const west = bounds.getWest();
  const east = bounds.getEast();
  const south = bounds.getSouth();
  const north = bounds.getNorth();
  const dx = (east - west) / 2;
  const dy = (north - south) / 2;
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return [
    round(Math.max(-180, west - dx)),
    round(Math.max(-85, south - dy)),
    round(Math.min(180, east + dx)),
    round(Math.min(85, north + dy)),
  ];
}

const contains = (box: Box, bounds: LngLatBounds) =>
  bounds.getWest() >= box[0] &&
  bounds.getSouth() >= box[1] &&
  bounds.getEast() <= box[2] &&
  bounds.getNorth() <= box[3];

const featuresOf = (drivers: DriverIndex): Parameters<GeoJSONSource['setData']>[0] => ({
  type: 'FeatureCollection',
  features: [...drivers.values()].map((driver) => ({
    type: 'Feature',
    properties: { id: driver.id, state: driver.state },
    geometry: { type: 'Point', coordinates: [driver.lng, driver.lat] },
  })),
});

/** Waiting for a driver, or under way: the trips' colours. */
const TRIP_COLOURS = { waiting: '#e8590c', underWay: '#4263eb' } as const;

/** Each trip's pickup, its drop-off and the line between them. */
const tripFeatures = (trips: readonly LiveTrip[]): Parameters<GeoJSONSource['setData']>[0] => ({
  type: 'FeatureCollection',
  features: trips.flatMap((trip) => {
    const properties = { id: trip.id, waiting: trip.ride_status === 'Pending' };
    const pickup: [number, number] = [trip.pickup.lng, trip.pickup.lat];
    const drop: [number, number] | null = trip.drop ? [trip.drop.lng, trip.drop.lat] : null;
    return [
      {
        type: 'Feature' as const,
        properties: { ...properties, kind: 'pickup' },
        geometry: { type: 'Point' as const, coordinates: pickup },
      },
      ...(drop
        ? [
            {
              type: 'Feature' as const,
              properties: { ...properties, kind: 'drop' },
              geometry: { type: 'Point' as const, coordinates: drop },
            },
            {
              type: 'Feature' as const,
              properties: { ...properties, kind: 'line' },
              geometry: { type: 'LineString' as const, coordinates: [pickup, drop] },
            },
          ]
        : []),
    ];
  }),
});

/** A place to fly to; `key` makes the same place a new flight. */
export interface MapFocus {
  lng: number;
  lat: number;
  key: string;
}

/**
 * The live map: drivers coloured by state, in clusters when zoomed out,
 * streamed for the part of the map on screen and the filters; a click on a
 * driver selects them, on a cluster zooms into it.
 */
export function LiveMap({
  filters,
  selectedId,
  onSelect,
  onSelectTrip,
  focus,
  children,
}: {
  /** The filters of the stream (state, company, service type), without the viewport. */
  filters: Omit<LiveView, 'bbox'>;
  selectedId: number | null;
  onSelect: (driverId: number) => void;
  /** A trip's pickup or drop-off clicked. */
  onSelectTrip: (trip: LiveTrip) => void;
  focus: MapFocus | null;
  /** Drawn over the map (the driver's card). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [map, setMap] = useState<MapLibre | null>(null);
  const [box, setBox] = useState<Box | null>(null);
  const [counts, setCounts] = useState<Record<PositionState, number> | null>(null);
  const latest = useRef<DriverIndex | null>(null);
  const drawTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const select = useRef(onSelect);
  const selectTrip = useRef(onSelectTrip);
  useEffect(() => {
    select.current = onSelect;
    selectTrip.current = onSelectTrip;
  }, [onSelect, onSelectTrip]);
  const tripList = useRef<LiveTrip[]>([]);

  /** Draws the latest drivers, at most a few times a second however fast batches come. */
  const draw = useCallback(() => {
    if (!map || drawTimer.current) return;
    drawTimer.current = setTimeout(() => {
      drawTimer.current = undefined;
      const drivers = latest.current;
      // Nothing heard yet: no count rather than a false zero.
      if (!drivers) return;
      map.getSource<GeoJSONSource>('drivers')?.setData(featuresOf(drivers));
      const bounds = map.getBounds();
      const next = { available: 0, on_trip: 0, offline: 0 };
      for (const driver of drivers.values()) {
        if (bounds.contains([driver.lng, driver.lat])) next[driver.state] += 1;
      }
      setCounts(next);
    }, 200);
  }, [map]);
  useEffect(() => () => clearTimeout(drawTimer.current), []);

  const view =
    box === null
      ? null
      : {
          ...filters,
          bbox: box.join(','),
        };
  useLiveStream(
    view,
    useMemo(
      () => ({
        onDrivers: (drivers: DriverIndex) => {
          latest.current = drivers;
          draw();
        },
        onTrips: (trips: LiveTrip[]) => {
          tripList.current = trips;
          map?.getSource<GeoJSONSource>('trips')?.setData(tripFeatures(trips));
        },
      }),
      [draw, map],
    ),
  );

  const onReady = useCallback((ready: MapLibre) => {
    // The trips the stream sent before the map was ready.
    ready.addSource('trips', { type: 'geojson', data: tripFeatures(tripList.current) });
    ready.addLayer({
      id: 'trip-lines',
      type: 'line',
      source: 'trips',
      filter: ['==', ['get', 'kind'], 'line'],
      paint: {
        'line-color': ['case', ['get', 'waiting'], TRIP_COLOURS.waiting, TRIP_COLOURS.underWay],
        'line-width': 2,
        'line-dasharray': [2, 2],
        'line-opacity': 0.7,
      },
    });
    ready.addLayer({
      id: 'trip-points',
      type: 'circle',
      source: 'trips',
      filter: ['!=', ['get', 'kind'], 'line'],
      paint: {
        'circle-radius': ['match', ['get', 'kind'], 'pickup', 6, 5],
        'circle-color': [
          'match',
          ['get', 'kind'],
          'pickup',
          ['case', ['get', 'waiting'], TRIP_COLOURS.waiting, TRIP_COLOURS.underWay],
          '#ffffff',
        ],
        'circle-stroke-width': 2.5,
        'circle-stroke-color': [
          'case',
          ['get', 'waiting'],
          TRIP_COLOURS.waiting,
          TRIP_COLOURS.underWay,
        ],
      },
    });
    ready.on('click', 'trip-points', (event) => {
      const id = event.features?.[0]?.properties?.id as number | undefined;
      const trip = tripList.current.find((t) => t.id === id);
      if (trip) selectTrip.current(trip);
    });
    ready.addSource('drivers', {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster: true,
      clusterMaxZoom: 13,
      clusterRadius: 40,
    });
    ready.addLayer({
      id: 'driver-clusters',
      type: 'circle',
      source: 'drivers',
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': '#4263eb',
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 14, 20, 18, 100, 24, 1000, 30],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });
    ready.addLayer({
      id: 'driver-cluster-counts',
      type: 'symbol',
      source: 'drivers',
      filter: ['has', 'point_count'],
      layout: {
        'text-field': ['get', 'point_count_abbreviated'],
        'text-font': countFont(ready),
        'text-size': 12,
        'text-allow-overlap': true,
      },
      paint: { 'text-color': '#ffffff' },
    });
    ready.addLayer({
      id: 'driver-selected',
      type: 'circle',
      source: 'drivers',
      filter: ['==', ['get', 'id'], -1],
      paint: {
        'circle-radius': 13,
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-stroke-width': 3,
        'circle-stroke-color': '#f76707',
      },
    });
    ready.addLayer({
      id: 'drivers',
      type: 'circle',
      source: 'drivers',
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 12, 4, 16, 8],
        'circle-color': [
          'match',
          ['get', 'state'],
          'available',
          STATE_COLOURS.available,
          'on_trip',
          STATE_COLOURS.on_trip,
          STATE_COLOURS.offline,
        ],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });

    ready.on('click', 'driver-clusters', (event) => {
      const feature = event.features?.[0];
      const clusterId = feature?.properties?.cluster_id as number | undefined;
      if (clusterId === undefined || feature?.geometry.type !== 'Point') return;
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      void ready
        .getSource<GeoJSONSource>('drivers')
        ?.getClusterExpansionZoom(clusterId)
        .then((zoom) => ready.easeTo({ center: [lng, lat], zoom }));
    });
    ready.on('click', 'drivers', (event) => {
      const id = event.features?.[0]?.properties?.id as number | undefined;
      if (id !== undefined) select.current(id);
    });
    for (const layer of ['drivers', 'driver-clusters', 'trip-points']) {
      ready.on('mouseenter', layer, () => (ready.getCanvas().style.cursor = 'pointer'));
      ready.on('mouseleave', layer, () => (ready.getCanvas().style.cursor = ''));
    }

    setMap(ready);
    return () => setMap(null);
  }, []);

  // The stream follows the map from its first frame, before the basemap has loaded.
  const onView = useCallback((bounds: LngLatBounds) => {
    setBox((current) => (current && contains(current, bounds) ? current : paddedBox(bounds)));
  }, []);

  // The selected driver wears a ring.
  useEffect(() => {
    map?.setFilter('driver-selected', ['==', ['get', 'id'], selectedId ?? -1]);
  }, [map, selectedId]);

  // Redraw when a new map is ready (a scheme change recolours, the data stays).
  useEffect(() => {
    if (map) draw();
  }, [map, draw]);

  // A new place to look at: the map flies there once (a refreshed position of the same one does not move it).
  const flownTo = useRef<string | null>(null);
  useEffect(() => {
    if (!map || !focus || flownTo.current === focus.key) return;
    flownTo.current = focus.key;
    map.flyTo({ center: [focus.lng, focus.lat], zoom: Math.max(map.getZoom(), 15.5) });
  }, [map, focus]);

  return (
    <BaseMap onReady={onReady} onView={onView} label={t('live.mapLabel')} className={classes.map}>
      <Paper className={classes.legend} shadow="xs" p={6} radius="md" data-testid="live-legend">
        {/* Each state whole: on a phone the badges wrap rather than cut their words. */}
        <Group gap={6} preventGrowOverflow={false}>
          {STATE_ORDER.map((state) => (
            <Badge
              key={state}
              variant="light"
              color="gray"
              maw="none"
              leftSection={
                <span className={classes.dot} style={{ backgroundColor: STATE_COLOURS[state] }} />
              }
              data-state={state}
            >
              {t(`live.states.${state}`)}: {counts ? formatCount(counts[state]) : '…'}
            </Badge>
          ))}
        </Group>
      </Paper>
      {children}
    </BaseMap>
  );
}
