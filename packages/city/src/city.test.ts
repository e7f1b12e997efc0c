import { describe, expect, it } from 'vitest';
import { DEMO_CITY, cityMap, pathLength, pointAlong, streetGraph, type LngLat } from './index';

const graph = streetGraph();
const streets = cityMap().features.filter((f) => f.properties.layer === 'street');
const water = cityMap().features.filter((f) => f.properties.layer === 'water');

/** The node at the corner of two named streets. */
function corner(name: string): number {
  const node = graph.nodes.findIndex((_, i) => graph.nodeName(i) === name);
  expect(node, name).toBeGreaterThanOrEqual(0);
  return node;
}

/** Whether a straight step lies along one drawn street (same line, inside its stretch). */
function alongAStreet(a: LngLat, b: LngLat): boolean {
  return streets.some((street) => {
    const [[x0, y0], [x1, y1]] = street.geometry.coordinates as LngLat[] as [LngLat, LngLat];
    const inside = (v: number, p: number, q: number) => v >= Math.min(p, q) && v <= Math.max(p, q);
    if (x0 === x1)
      return a[0] === x0 && b[0] === x0 && inside(a[1], y0, y1) && inside(b[1], y0, y1);
    return a[1] === y0 && b[1] === y0 && inside(a[0], x0, x1) && inside(b[0], x0, x1);
  });
}

/** Ray casting: whether a point is inside a polygon's outer ring. */
function insideRing(point: LngLat, ring: LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (
      yi > point[1] !== yj > point[1] &&
      point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi
    ) {
      inside = !inside;
    }
  }
  return inside;
}

/** A seeded generator (mulberry32), as the simulator passes its own. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the demo city map', () => {
  it('is the same document every time, small enough for a browser', () => {
    const first = JSON.stringify(cityMap());
    expect(JSON.stringify(cityMap())).toBe(first);
    expect(first.length).toBeLessThan(100_000);
  });

  it('draws named avenues and streets, the river and the lake, and parks', () => {
    const names = (layer: string) =>
      cityMap()
        .features.filter((f) => f.properties.layer === layer)
        .map((f) => f.properties.name);
    expect(names('street')).toEqual(
      expect.arrayContaining(['State St', 'Madison St', 'Michigan Ave']),
    );
    expect(
      streets.some((s) => s.properties.layer === 'street' && s.properties.kind === 'avenue'),
    ).toBe(true);
    expect(names('water')).toEqual(expect.arrayContaining(['Lake Michigan', 'Chicago River']));
    expect(names('park')).toEqual(expect.arrayContaining(['Grant Park', 'Millennium Park']));
  });

  it('stays within the city bounds, around its centre', () => {
    const [minLng, minLat, maxLng, maxLat] = DEMO_CITY.bounds;
    const points = cityMap().features.flatMap((f) =>
      f.geometry.type === 'LineString' ? f.geometry.coordinates : f.geometry.coordinates.flat(),
    );
    for (const [lng, lat] of [...points, DEMO_CITY.center]) {
      expect(lng).toBeGreaterThanOrEqual(minLng);
      expect(lng).toBeLessThanOrEqual(maxLng);
      expect(lat).toBeGreaterThanOrEqual(minLat);
      expect(lat).toBeLessThanOrEqual(maxLat);
    }
  });

  it('puts every intersection on land', () => {
    for (const [i, node] of graph.nodes.entries()) {
      for (const w of water) {
        const ring = (w.geometry.coordinates as LngLat[][])[0]!;
        expect(insideRing(node, ring), `${graph.nodeName(i)} in ${w.properties.name}`).toBe(false);
      }
    }
  });
});

describe('the street graph', () => {
  it('routes between any two intersections, along streets, end to end', () => {
    const rand = seeded(46);
    for (let k = 0; k < 200; k++) {
      const from = graph.randomNode(rand);
      const to = graph.randomNode(rand);
      const path = graph.route(from, to);
      expect(path[0]).toEqual(graph.nodes[from]);
      expect(path.at(-1)).toEqual(graph.nodes[to]);
      for (let i = 1; i < path.length; i++) {
        expect(alongAStreet(path[i - 1]!, path[i]!), `${from} -> ${to}, step ${i}`).toBe(true);
      }
    }
  });

  it('reaches every intersection from the first', () => {
    for (let node = 0; node < graph.nodes.length; node++) {
      expect(graph.route(0, node).length).toBeGreaterThan(0);
    }
  });

  it('takes the straight way along one street, and a bridge across the river', () => {
    const straight = graph.route(corner('State St & Madison St'), corner('State St & Chicago Ave'));
    expect(new Set(straight.map(([lng]) => lng))).toEqual(new Set([-87.6278]));
    // From the West Loop to the lake shore: across the South Branch on Madison's bridge.
    const across = graph.route(
      corner('Clinton St & Madison St'),
      corner('Michigan Ave & Madison St'),
    );
    expect(new Set(across.map(([, lat]) => lat))).toEqual(new Set([41.882]));
    // Canal St and Ohio St stop at the river: no way across where no bridge is.
    const west = graph.route(corner('Clinton St & Ohio St'), corner('Franklin St & Ohio St'));
    expect(west.length).toBeGreaterThan(3);
    expect(pathLength(west)).toBeGreaterThan(600);
  });

  it('finds the nearest intersection and picks nodes deterministically', () => {
    const node = corner('Wells St & Lake St');
    const [lng, lat] = graph.nodes[node]!;
    expect(graph.nearestNode([lng + 0.0001, lat - 0.0001])).toBe(node);
    expect(graph.randomNode(() => 0)).toBe(0);
    expect(graph.randomNode(() => 0.999_999)).toBe(graph.nodes.length - 1);
    const a = seeded(7);
    const b = seeded(7);
    expect([1, 2, 3].map(() => graph.randomNode(a))).toEqual(
      [1, 2, 3].map(() => graph.randomNode(b)),
    );
  });

  it('refuses a node that does not exist', () => {
    expect(() => graph.route(0, graph.nodes.length)).toThrow(RangeError);
  });
});

describe('moving along a route', () => {
  it('interpolates a position and a heading, and stops at the end', () => {
    const path = graph.route(corner('State St & Madison St'), corner('State St & Randolph St'));
    const half = pointAlong(path, pathLength(path) / 2);
    expect(half.heading).toBe(0);
    expect(half.at[1]).toBeCloseTo((41.882 + 41.8846) / 2, 5);
    expect(pointAlong(path, 1e9).at).toEqual(path.at(-1));
  });
});
