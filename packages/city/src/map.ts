import {
  DEMO_CITY,
  LAKE_MICHIGAN,
  PARKS,
  RIVER,
  RIVER_HALF_WIDTH_M,
  STREETS,
  type StreetKind,
} from './chicago';
import type { LngLat } from './geo';

export type CityFeature =
  | {
      type: 'Feature';
      properties: { layer: 'street'; name: string; kind: StreetKind };
      geometry: { type: 'LineString'; coordinates: LngLat[] };
    }
  | {
      type: 'Feature';
      properties: { layer: 'water' | 'park'; name: string };
      geometry: { type: 'Polygon'; coordinates: LngLat[][] };
    };

export interface CityMap {
  type: 'FeatureCollection';
  features: CityFeature[];
}

/** Six decimals (about 10 cm), and nothing outside the city's bounds. */
const [WEST, SOUTH, EAST, NORTH] = DEMO_CITY.bounds;
const round = (value: number, min: number, max: number) =>
  Math.round(Math.min(max, Math.max(min, value)) * 1e6) / 1e6;
const point = (lng: number, lat: number): LngLat => [
  round(lng, WEST, EAST),
  round(lat, SOUTH, NORTH),
];

const METERS_PER_DEGREE_LAT = 111_320;
const metersPerDegreeLng = (lat: number) => METERS_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);

/** A band `halfWidth` metres either side of a centre line, as a closed ring. */
function band(line: readonly LngLat[], halfWidth: number): LngLat[] {
  const left: LngLat[] = [];
  const right: LngLat[] = [];
  line.forEach((p, i) => {
    // The direction at a vertex: along the legs either side of it, in metres.
    const a = line[Math.max(0, i - 1)]!;
    const b = line[Math.min(line.length - 1, i + 1)]!;
    const kx = metersPerDegreeLng(p[1]);
    const dx = (b[0] - a[0]) * kx;
    const dy = (b[1] - a[1]) * METERS_PER_DEGREE_LAT;
    const length = Math.hypot(dx, dy);
    const nx = (-dy / length) * halfWidth;
    const ny = (dx / length) * halfWidth;
    left.push(point(p[0] + nx / kx, p[1] + ny / METERS_PER_DEGREE_LAT));
    right.push(point(p[0] - nx / kx, p[1] - ny / METERS_PER_DEGREE_LAT));
  });
  return [...left, ...right.reverse(), left[0]!];
}

/** A park stops short of the streets around it, so they stay visible. */
const PARK_INSET_DEG = 0.00012;

let built: CityMap | undefined;

/**
 * What a basemap draws of the demo city: its streets (LineString, layer
 * 'street'), the river and the lake (layer 'water') and parks (layer 'park').
 * The same document every call.
 */
export function cityMap(): CityMap {
  if (built) return built;
  const features: CityFeature[] = [];
  features.push({
    type: 'Feature',
    properties: { layer: 'water', name: LAKE_MICHIGAN.name },
    geometry: { type: 'Polygon', coordinates: [LAKE_MICHIGAN.ring.map(([x, y]) => point(x, y))] },
  });
  for (const branch of RIVER) {
    features.push({
      type: 'Feature',
      properties: { layer: 'water', name: branch.name },
      geometry: { type: 'Polygon', coordinates: [band(branch.line, RIVER_HALF_WIDTH_M)] },
    });
  }
  for (const park of PARKS) {
    const [w, s, e, n] = park.block;
    const [x0, y0, x1, y1] = [
      w + PARK_INSET_DEG,
      s + PARK_INSET_DEG,
      e - PARK_INSET_DEG,
      n - PARK_INSET_DEG,
    ];
    features.push({
      type: 'Feature',
      properties: { layer: 'park', name: park.name },
      geometry: {
        type: 'Polygon',
        coordinates: [[point(x0, y0), point(x1, y0), point(x1, y1), point(x0, y1), point(x0, y0)]],
      },
    });
  }
  for (const street of STREETS) {
    for (const [from, to] of street.spans) {
      features.push({
        type: 'Feature',
        properties: { layer: 'street', name: street.name, kind: street.kind },
        geometry: {
          type: 'LineString',
          coordinates:
            street.axis === 'ns'
              ? [point(street.at, from), point(street.at, to)]
              : [point(from, street.at), point(to, street.at)],
        },
      });
    }
  }
  built = { type: 'FeatureCollection', features };
  return built;
}
