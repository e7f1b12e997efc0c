import { cityMap, DEMO_CITY } from '@cabdesk/city';
import type { MapScheme } from '@cabdesk/contract';

/** The basemap's colours in each scheme: land, water, parks, streets and their names. */
const PALETTES = {
  light: {
    land: '#f1efe9',
    water: '#a9d1e3',
    park: '#cde6c4',
    casing: '#d5d0c5',
    avenue: '#ffffff',
    street: '#ffffff',
    label: '#5b5f66',
    halo: '#ffffff',
  },
  dark: {
    land: '#1d222b',
    water: '#1f3a52',
    park: '#1f3326',
    casing: '#11151b',
    avenue: '#3b4352',
    street: '#2e3543',
    label: '#a9b1bd',
    halo: '#1d222b',
  },
} as const;

/** The app's own font stack (theme.ts): labels are drawn from local fonts, nothing is fetched. */
const FONT_STACK = ['Inter', 'system-ui', 'Segoe UI', 'Roboto', 'Arial'];

const byLayer = (layer: string) => ['==', ['get', 'layer'], layer];

/**
 * Cabdesk's own basemap of the demo city (issue 46): its streets, water and
 * parks as one inline GeoJSON source. It names no glyphs URL and no sprite,
 * so MapLibre draws the street names from the browser's fonts and the map
 * fetches nothing from anywhere.
 */
function buildStyle(scheme: MapScheme) {
  const colour = PALETTES[scheme];
  return {
    version: 8,
    name: `Cabdesk ${DEMO_CITY.name} (${scheme})`,
    center: DEMO_CITY.center,
    zoom: 14,
    sources: {
      city: { type: 'geojson', data: cityMap(), maxzoom: 16 },
    },
    layers: [
      { id: 'land', type: 'background', paint: { 'background-color': colour.land } },
      {
        id: 'water',
        type: 'fill',
        source: 'city',
        filter: byLayer('water'),
        paint: { 'fill-color': colour.water },
      },
      {
        id: 'parks',
        type: 'fill',
        source: 'city',
        filter: byLayer('park'),
        paint: { 'fill-color': colour.park },
      },
      {
        id: 'street-casing',
        type: 'line',
        source: 'city',
        filter: byLayer('street'),
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': colour.casing,
          'line-width': [
            'interpolate',
            ['linear'],
            ['zoom'],
            12,
            ['match', ['get', 'kind'], 'avenue', 3, 1.5],
            17,
            ['match', ['get', 'kind'], 'avenue', 22, 14],
          ],
        },
      },
      {
        id: 'streets',
        type: 'line',
        source: 'city',
        filter: byLayer('street'),
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': ['match', ['get', 'kind'], 'avenue', colour.avenue, colour.street],
          'line-width': [
            'interpolate',
            ['linear'],
            ['zoom'],
            12,
            ['match', ['get', 'kind'], 'avenue', 2, 0.8],
            17,
            ['match', ['get', 'kind'], 'avenue', 18, 11],
          ],
        },
      },
      {
        id: 'street-names',
        type: 'symbol',
        source: 'city',
        filter: byLayer('street'),
        minzoom: 14,
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'name'],
          'text-font': FONT_STACK,
          'text-size': 11,
        },
        paint: {
          'text-color': colour.label,
          'text-halo-color': colour.halo,
          'text-halo-width': 1.5,
        },
      },
    ],
  };
}

const styles = new Map<MapScheme, ReturnType<typeof buildStyle>>();

/** The style of `scheme`, built once. */
export function ownMapStyle(scheme: MapScheme) {
  let style = styles.get(scheme);
  if (!style) {
    style = buildStyle(scheme);
    styles.set(scheme, style);
  }
  return style;
}
