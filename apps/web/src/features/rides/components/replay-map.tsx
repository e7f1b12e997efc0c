import '@mantine/core/styles/Slider.layer.css';
import type { RideRoute } from '@cabdesk/contract';
import { ActionIcon, Group, Slider, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { LngLatBounds, type GeoJSONSource, type Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseMap } from '@/components/map/base-map';
import { formatDateTime } from '@/lib/format';
import { positionAt, stateAt } from './replay-timeline';
import classes from './ride-replay.module.css';

/** How long a whole replay plays, whatever the trip's length. */
const REPLAY_MS = 20_000;

/** The room, in pixels, two state names need between them to be both written. */
const MARK_ROOM_PX = 80;

const carAt = (
  points: RideRoute['points'],
  t: number,
): Parameters<GeoJSONSource['setData']>[0] => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'Point', coordinates: positionAt(points, t) },
});

/** Each state change marked on the timeline; a name close behind the last one named stays unwritten. */
function timelineMarks(
  events: RideRoute['events'],
  start: number,
  span: number,
  /** The share of the timeline a name needs. */
  room: number,
  t: (key: string) => string,
) {
  const marks: { value: number; label?: string }[] = [];
  let named = -Infinity;
  for (const event of events) {
    const value = Date.parse(event.at) - start;
    if (value - named >= span * room) {
      named = value;
      marks.push({ value, label: t(`rideStatus.${event.state}`) });
    } else {
      marks.push({ value });
    }
  }
  return marks;
}

export function Replay({ route }: { route: RideRoute }) {
  const { t } = useTranslation();
  const { points, events } = route;
  const times = [...points, ...events].map((p) => Date.parse(p.at));
  const start = Math.min(...times);
  const end = Math.max(...times);
  const span = Math.max(end - start, 1);
  const [offset, setOffset] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [map, setMap] = useState<MapLibre | null>(null);
  const frame = useRef<number | undefined>(undefined);

  const onReady = useCallback(
    (ready: MapLibre) => {
      ready.addSource('route', {
        type: 'geojson',
        data: {
          type: 'Feature',
          properties: {},
          geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) },
        },
      });
      ready.addLayer({
        id: 'route',
        type: 'line',
        source: 'route',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#4263eb', 'line-width': 4, 'line-opacity': 0.8 },
      });
      ready.addSource('car', { type: 'geojson', data: carAt(points, start) });
      ready.addLayer({
        id: 'car',
        type: 'circle',
        source: 'car',
        paint: {
          'circle-radius': 8,
          'circle-color': '#f76707',
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      });
      const bounds = new LngLatBounds();
      for (const p of points) bounds.extend([p.lng, p.lat]);
      ready.fitBounds(bounds, { padding: 40, duration: 0, maxZoom: 16 });
      setMap(ready);
      return () => setMap(null);
    },
    [points, start],
  );

  // The car where the timeline is.
  useEffect(() => {
    map?.getSource<GeoJSONSource>('car')?.setData(carAt(points, start + offset));
  }, [map, points, start, offset]);

  // Playing moves the timeline on in step with the clock, compressed to REPLAY_MS.
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const tick = (now: number) => {
      const step = ((now - last) / REPLAY_MS) * span;
      last = now;
      setOffset((current) => {
        const next = Math.min(span, current + step);
        if (next >= span) setPlaying(false);
        return next;
      });
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current!);
  }, [playing, span]);

  const { ref: timelineRef, width: timelineWidth } = useElementSize();
  const room = timelineWidth > 0 ? MARK_ROOM_PX / timelineWidth : 1;
  const marks = useMemo(
    () => timelineMarks(events, start, span, room, t),
    [events, start, span, room, t],
  );
  const now = start + offset;
  const state = stateAt(events, now);

  return (
    <Stack gap="sm">
      <BaseMap onReady={onReady} label={t('live.replay.mapLabel')} className={classes.map} />
      <Group gap="md" wrap="nowrap" align="center">
        <ActionIcon
          size="lg"
          variant="filled"
          aria-label={playing ? t('live.replay.pause') : t('live.replay.play')}
          onClick={() => {
            if (!playing && offset >= span) setOffset(0);
            setPlaying(!playing);
          }}
        >
          {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
        <Slider
          ref={timelineRef}
          className={classes.slider}
          min={0}
          max={span}
          step={Math.max(1, Math.round(span / 1000))}
          value={offset}
          onChange={(value) => {
            setPlaying(false);
            setOffset(value);
          }}
          marks={marks}
          label={null}
          thumbLabel={t('live.replay.position')}
          data-testid="replay-slider"
          data-offset={Math.round(offset)}
        />
      </Group>
      <Text size="sm" c="dimmed" data-testid="replay-now" mt="md">
        {t('live.replay.at', { time: formatDateTime(new Date(now)) })}
        {state ? ` · ${t(`rideStatus.${state}`)}` : ''}
      </Text>
    </Stack>
  );
}
