import { STREETS } from './chicago';
import { distanceMeters, type LngLat } from './geo';

/**
 * The demo city's streets as a routing graph: its nodes are the intersections
 * (referred to by their index in `nodes`), its edges the stretches of street
 * between two neighbouring intersections, both ways.
 */
export interface StreetGraph {
  /** Every intersection, [lng, lat]. */
  nodes: readonly LngLat[];
  /** "State St & Madison St": an address for the intersection. */
  nodeName(node: number): string;
  /** The points along the streets from one node to another, both included (shortest way). */
  route(fromNode: number, toNode: number): LngLat[];
  /** The intersection closest to a point. */
  nearestNode(point: LngLat): number;
  /** An intersection picked by `rand` (a function like Math.random, returning [0, 1)). */
  randomNode(rand: () => number): number;
}

interface Edge {
  to: number;
  meters: number;
}

function build(): StreetGraph {
  const nodes: LngLat[] = [];
  const names: string[] = [];
  const adjacency: Edge[][] = [];
  /** Per street span, the nodes on it. */
  const onSpan = new Map<string, number[]>();
  const within = (value: number, [from, to]: [number, number]) =>
    value >= Math.min(from, to) && value <= Math.max(from, to);

  const northSouth = STREETS.filter((s) => s.axis === 'ns');
  const eastWest = STREETS.filter((s) => s.axis === 'ew');
  for (const a of northSouth) {
    a.spans.forEach((aSpan, ai) => {
      for (const b of eastWest) {
        b.spans.forEach((bSpan, bi) => {
          if (!within(b.at, aSpan) || !within(a.at, bSpan)) return;
          const id = nodes.length;
          nodes.push([a.at, b.at]);
          names.push(a.name === b.name ? a.name : `${a.name} & ${b.name}`);
          adjacency.push([]);
          for (const key of [`${a.name}|${a.at}|${ai}`, `${b.name}|${b.at}|${bi}`]) {
            const list = onSpan.get(key) ?? [];
            list.push(id);
            onSpan.set(key, list);
          }
        });
      }
    });
  }
  // Along each span, each node joins the next one.
  for (const list of onSpan.values()) {
    const sorted = [...list].sort(
      (p, q) => nodes[p]![0] - nodes[q]![0] || nodes[p]![1] - nodes[q]![1],
    );
    for (let i = 1; i < sorted.length; i++) {
      const p = sorted[i - 1]!;
      const q = sorted[i]!;
      const meters = distanceMeters(nodes[p]!, nodes[q]!);
      adjacency[p]!.push({ to: q, meters });
      adjacency[q]!.push({ to: p, meters });
    }
  }

  const check = (node: number) => {
    if (!Number.isInteger(node) || node < 0 || node >= nodes.length) {
      throw new RangeError(`No intersection ${node} (0 to ${nodes.length - 1})`);
    }
  };

  /** Dijkstra over a few hundred nodes: a linear scan for the nearest open node is enough. */
  function route(fromNode: number, toNode: number): LngLat[] {
    check(fromNode);
    check(toNode);
    const dist = new Float64Array(nodes.length).fill(Infinity);
    const previous = new Int32Array(nodes.length).fill(-1);
    const done = new Uint8Array(nodes.length);
    dist[fromNode] = 0;
    for (;;) {
      let current = -1;
      for (let i = 0; i < nodes.length; i++) {
        if (!done[i] && dist[i]! < Infinity && (current < 0 || dist[i]! < dist[current]!))
          current = i;
      }
      if (current < 0) throw new Error(`No way from ${names[fromNode]} to ${names[toNode]}`);
      if (current === toNode) break;
      done[current] = 1;
      for (const edge of adjacency[current]!) {
        const through = dist[current]! + edge.meters;
        if (through < dist[edge.to]!) {
          dist[edge.to] = through;
          previous[edge.to] = current;
        }
      }
    }
    const path: LngLat[] = [];
    for (let node = toNode; node >= 0; node = previous[node]!) {
      path.push([nodes[node]![0], nodes[node]![1]]);
      if (node === fromNode) break;
    }
    return path.reverse();
  }

  function nearestNode(point: LngLat): number {
    let best = 0;
    let bestMeters = Infinity;
    nodes.forEach((node, i) => {
      const meters = distanceMeters(point, node);
      if (meters < bestMeters) {
        best = i;
        bestMeters = meters;
      }
    });
    return best;
  }

  function randomNode(rand: () => number): number {
    return Math.min(nodes.length - 1, Math.floor(rand() * nodes.length));
  }

  function nodeName(node: number): string {
    check(node);
    return names[node]!;
  }

  return { nodes, nodeName, route, nearestNode, randomNode };
}

let graph: StreetGraph | undefined;

/** The demo city's routing graph (built once). */
export function streetGraph(): StreetGraph {
  graph ??= build();
  return graph;
}
