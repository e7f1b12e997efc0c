/** A point as GeoJSON writes it: longitude first. */
export type LngLat = [lng: number, lat: number];

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points. */
export function distanceMeters(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Compass bearing in whole degrees (0 north, 90 east) from a to b. */
export function headingDegrees(a: LngLat, b: LngLat): number {
  const y = Math.sin(rad(b[0] - a[0])) * Math.cos(rad(b[1]));
  const x =
    Math.cos(rad(a[1])) * Math.sin(rad(b[1])) -
    Math.sin(rad(a[1])) * Math.cos(rad(b[1])) * Math.cos(rad(b[0] - a[0]));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) % 360;
}

/** Length in metres of a path. */
export function pathLength(path: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += distanceMeters(path[i - 1]!, path[i]!);
  return total;
}

/**
 * Where a vehicle is after `meters` along a path, and which way it faces: the
 * path's end (facing along its last leg) once the distance runs past it.
 */
export function pointAlong(
  path: readonly LngLat[],
  meters: number,
): { at: LngLat; heading: number } {
  if (path.length === 0) throw new Error('pointAlong: the path is empty');
  let left = Math.max(0, meters);
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const leg = distanceMeters(a, b);
    if (left <= leg && leg > 0) {
      const t = left / leg;
      return {
        at: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t],
        heading: headingDegrees(a, b),
      };
    }
    left -= leg;
  }
  const last = path[path.length - 1]!;
  const before = path.length > 1 ? path[path.length - 2]! : last;
  return { at: [last[0], last[1]], heading: before === last ? 0 : headingDegrees(before, last) };
}
