import { mapStyle, type MapScheme } from '@cabdesk/contract';
import { Box, Center, Loader, Text, useComputedColorScheme } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  addProtocol,
  AttributionControl,
  Map as MapLibre,
  NavigationControl,
  setWorkerUrl,
  type LngLatBounds,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Protocol } from 'pmtiles';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOf } from '@/lib/call';
import classes from './base-map.module.css';

// The worker is one of the app's own files, served by Cabdesk (MapLibre 6 with a bundler).
setWorkerUrl(workerUrl);
// An operator's style may draw from PMTiles files it serves: `pmtiles://https://.../city.pmtiles`.
addProtocol('pmtiles', new Protocol().tile);

/** The basemap of a scheme: the operator's style URL, or Cabdesk's own style of the demo city. */
function useMapStyle(scheme: MapScheme) {
  // The previous scheme's answer stays while the next loads: the map is recoloured, not rebuilt.
  return useQuery({
    ...queryOf(mapStyle, { scheme }),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/**
 * A MapLibre map over the basemap (issue 46): Cabdesk's own, drawn from the
 * demo city with nothing fetched from any other origin, or the operator's
 * MAP_STYLE_URL. Its colours follow the colour scheme. `onReady` gets the
 * map once its style is loaded, to add what it shows; it is called again
 * for a new map only.
 */
export function BaseMap({
  onReady,
  onView,
  label,
  className,
  children,
}: {
  onReady: (map: MapLibre) => void | (() => void);
  /** The part of the world on screen: at once (before the style has loaded), then after each move. */
  onView?: (bounds: LngLatBounds) => void;
  /** What the map shows, for assistive technology. */
  label: string;
  className?: string;
  /** Drawn over the map (a card, a legend). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const style = useMapStyle(scheme);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const ready = useRef(onReady);
  const viewed = useRef(onView);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    ready.current = onReady;
    viewed.current = onView;
  }, [onReady, onView]);

  const data = style.data;
  const ownStyle = data?.style as StyleSpecification | null | undefined;
  const styleUrl = data?.style_url ?? null;
  const hasStyle = data !== undefined;
  const rtl = i18n.dir() === 'rtl';

  // One map for the screen's life (and its style source): a new scheme recolours it in place.
  useEffect(() => {
    if (!hasStyle || !container.current) return;
    const map = new MapLibre({
      container: container.current,
      style: styleUrl ?? ownStyle!,
      attributionControl: false,
      // The operator's style names its own sources' attribution; Cabdesk's names the demo city.
      ...(styleUrl ? {} : { center: ownStyle!.center as [number, number], zoom: ownStyle!.zoom }),
    });
    map.addControl(
      new AttributionControl({
        compact: true,
        customAttribution: styleUrl ? undefined : t('live.attribution'),
      }),
      rtl ? 'bottom-left' : 'bottom-right',
    );
    map.addControl(new NavigationControl({ showCompass: false }), rtl ? 'top-left' : 'top-right');
    mapRef.current = map;
    const tellView = () => viewed.current?.(map.getBounds());
    tellView();
    map.on('moveend', tellView);
    let cleanup: void | (() => void);
    map.once('load', () => {
      cleanup = ready.current(map);
    });
    // A style that cannot load leaves an empty map: say so (a tile that fails leaves a gap only).
    map.on('error', () => {
      if (!map.isStyleLoaded()) setFailed(true);
    });
    return () => {
      cleanup?.();
      mapRef.current = null;
      map.remove();
    };
    // The style of the first answer builds the map; later answers only recolour it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasStyle, styleUrl]);

  // Cabdesk's own style: the same layers in each scheme, recoloured.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ownStyle) return;
    const recolour = () => {
      for (const layer of ownStyle.layers) {
        if (!('paint' in layer) || !layer.paint || !map.getLayer(layer.id)) continue;
        for (const [name, value] of Object.entries(layer.paint)) {
          map.setPaintProperty(layer.id, name as never, value as never);
        }
      }
    };
    if (map.isStyleLoaded()) recolour();
    else map.once('load', recolour);
  }, [ownStyle]);

  return (
    <Box className={`${classes.frame} ${className ?? ''}`} data-scheme={scheme}>
      <div ref={container} className={classes.map} role="region" aria-label={label} />
      {style.isPending ? (
        <Center className={classes.overlay}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : null}
      {style.isError || failed ? (
        <Center className={classes.overlay}>
          <Text c="dimmed">{t('live.mapFailed')}</Text>
        </Center>
      ) : null}
      {children}
    </Box>
  );
}
