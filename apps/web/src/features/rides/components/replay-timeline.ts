import type { RideRoute } from '@cabdesk/contract';

type Point = RideRoute['points'][number];

/** Where the car was at `t` (ms since the epoch): between the two points around it, by time. */
export function positionAt(points: readonly Point[], t: number): [number, number] {
  const first = points[0]!;
  if (t <= Date.parse(first.at)) return [first.lng, first.lat];
  for (let i = 1; i < points.length; i++) {
    const b = points[i]!;
    const tb = Date.parse(b.at);
    if (t <= tb) {
      const a = points[i - 1]!;
      const ta = Date.parse(a.at);
      const k = tb === ta ? 1 : (t - ta) / (tb - ta);
      return [a.lng + (b.lng - a.lng) * k, a.lat + (b.lat - a.lat) * k];
    }
  }
  const last = points[points.length - 1]!;
  return [last.lng, last.lat];
}

/** The state the trip was in at `t`: its last change at or before it. */
export function stateAt(events: RideRoute['events'], t: number) {
  let state: string | null = null;
  for (const event of events) if (Date.parse(event.at) <= t) state = event.state;
  return state;
}
