import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cityMap, DEMO_CITY } from '@cabdesk/city';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { zxyToTileId } from 'pmtiles';

/**
 * An operator's basemap as a walk serves it from a second origin on loopback
 * (issue 46): a PMTiles archive of the demo city's streets, water and parks,
 * and MapLibre styles drawing it in colours no Cabdesk style has.
 */

/** The operator's colours: the walk looks for the streets' on the map. */
export const OPERATOR_COLOURS = {
  light: { land: '#fff4d6', water: '#00a3a3', park: '#9bd65c', street: '#e6007e' },
  dark: { land: '#1a1030', water: '#005c5c', park: '#2f5a16', street: '#e6007e' },
} as const;
export const OPERATOR_ATTRIBUTION = 'Loop Basemap Co. (operator tiles)';

/** The one vector layer of the archive: each feature's `layer` is street, water or park. */
const SOURCE_LAYER = 'city';
const MIN_ZOOM = 10;
const MAX_ZOOM = 15;

/** The tile column and row of a point at zoom `z` (Web Mercator). */
function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

/** Little-endian base-128 varint (PMTiles directories), for integers below 2^53. */
function varint(value: number, out: number[]) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

/** A directory as the v3 spec serializes it: count, then ids (deltas), run lengths, lengths, offsets. */
function directory(entries: Entry[]) {
  const out: number[] = [];
  varint(entries.length, out);
  let lastId = 0;
  for (const entry of entries) {
    varint(entry.tileId - lastId, out);
    lastId = entry.tileId;
  }
  for (const _ of entries) varint(1, out);
  for (const entry of entries) varint(entry.length, out);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const follows = previous !== undefined && entry.offset === previous.offset + previous.length;
    varint(follows ? 0 : entry.offset + 1, out);
  });
  return Buffer.from(out);
}

const E7 = (degrees: number) => Math.round(degrees * 1e7);

/**
 * The demo city as a PMTiles v3 archive (github.com/protomaps/PMTiles, spec/v3):
 * Mapbox vector tiles cut by geojson-vt and encoded by vt-pbf, zooms 10 to 15,
 * uncompressed, with one root directory (a few dozen tiles) and no leaves.
 */
function cityArchive() {
  const index = new GeoJSONVT(cityMap(), {
    maxZoom: MAX_ZOOM,
    indexMaxZoom: MAX_ZOOM,
    tolerance: 1,
  });
  const [west, south, east, north] = DEMO_CITY.bounds;
  const tiles: { tileId: number; data: Uint8Array }[] = [];
  for (let z = MIN_ZOOM; z <= MAX_ZOOM; z++) {
    const from = tileOf(west, north, z);
    const to = tileOf(east, south, z);
    for (let x = from.x; x <= to.x; x++) {
      for (let y = from.y; y <= to.y; y++) {
        const tile = index.getTile(z, x, y);
        if (!tile || tile.features.length === 0) continue;
        const data = fromGeojsonVt({ [SOURCE_LAYER]: tile }, { version: 2, extent: 4096 });
        tiles.push({ tileId: zxyToTileId(z, x, y), data });
      }
    }
  }
  tiles.sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = tiles.map(({ tileId, data }) => {
    const entry = { tileId, offset, length: data.length };
    offset += data.length;
    return entry;
  });
  const root = directory(entries);
  const metadata = Buffer.from(
    JSON.stringify({
      name: `${DEMO_CITY.name} (operator)`,
      attribution: OPERATOR_ATTRIBUTION,
      type: 'baselayer',
      vector_layers: [
        {
          id: SOURCE_LAYER,
          fields: { layer: 'String', name: 'String', kind: 'String' },
          minzoom: MIN_ZOOM,
          maxzoom: MAX_ZOOM,
        },
      ],
    }),
  );
  const data = Buffer.concat(tiles.map((tile) => tile.data));

  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(root.length, 16);
  u64(metadataOffset, 24);
  u64(metadata.length, 32);
  u64(dataOffset, 40); // no leaf directories: an empty section where the data starts
  u64(0, 48);
  u64(dataOffset, 56);
  u64(data.length, 64);
  u64(tiles.length, 72); // addressed tiles
  u64(tiles.length, 80); // tile entries
  u64(tiles.length, 88); // tile contents
  header.writeUInt8(1, 96); // clustered: the data is in tile id order
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(1, 99); // tile type: MVT
  header.writeUInt8(MIN_ZOOM, 100);
  header.writeUInt8(MAX_ZOOM, 101);
  header.writeInt32LE(E7(west), 102);
  header.writeInt32LE(E7(south), 106);
  header.writeInt32LE(E7(east), 110);
  header.writeInt32LE(E7(north), 114);
  header.writeUInt8(14, 118);
  header.writeInt32LE(E7(DEMO_CITY.center[0]), 119);
  header.writeInt32LE(E7(DEMO_CITY.center[1]), 123);
  return { archive: Buffer.concat([header, root, metadata, data]), tiles: tiles.length };
}

/** Cabdesk's own font stack (the built-in style's): labels drawn from local fonts, no glyphs URL. */
const FONT_STACK = ['Inter', 'system-ui', 'Segoe UI', 'Roboto', 'Arial'];

function operatorStyle(archiveUrl: string, scheme: 'light' | 'dark') {
  const colour = OPERATOR_COLOURS[scheme];
  const of = (layer: string) => ['==', ['get', 'layer'], layer];
  return {
    version: 8,
    name: `Operator basemap (${scheme})`,
    center: DEMO_CITY.center,
    zoom: 14,
    sources: {
      city: { type: 'vector', url: `pmtiles://${archiveUrl}`, attribution: OPERATOR_ATTRIBUTION },
    },
    layers: [
      { id: 'land', type: 'background', paint: { 'background-color': colour.land } },
      ...(['water', 'park'] as const).map((layer) => ({
        id: layer,
        type: 'fill',
        source: 'city',
        'source-layer': SOURCE_LAYER,
        filter: of(layer),
        paint: { 'fill-color': colour[layer] },
      })),
      {
        id: 'streets',
        type: 'line',
        source: 'city',
        'source-layer': SOURCE_LAYER,
        filter: of('street'),
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': colour.street, 'line-width': 6 },
      },
      {
        id: 'street-names',
        type: 'symbol',
        source: 'city',
        'source-layer': SOURCE_LAYER,
        filter: of('street'),
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'name'],
          'text-font': FONT_STACK,
          'text-size': 12,
        },
        paint: { 'text-color': '#ffffff', 'text-halo-color': colour.street, 'text-halo-width': 2 },
      },
    ],
  };
}

/** A request the operator's server answered. */
interface OperatorRequest {
  method: string;
  path: string;
  origin: string | undefined;
  range: string | undefined;
  status: number;
}

const rangeOf = (request: IncomingMessage, size: number) => {
  const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = Math.min(size - 1, match[2] ? Number(match[2]) : size - 1);
  return start <= end ? { start, end } : null;
};

/**
 * The operator's static server, as a CDN or a bucket would serve the files:
 * the styles and the archive, with CORS for Cabdesk's pages and Range
 * requests answered with 206 (PMTiles reads its archive by byte ranges).
 * Remembers every request.
 */
export async function serveOperatorBasemap() {
  const { archive } = cityArchive();
  const requests: OperatorRequest[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    const answer = (status: number, headers: Record<string, string>, body?: Buffer | string) => {
      requests.push({
        method: request.method ?? '',
        path,
        origin: request.headers.origin,
        range: request.headers.range,
        status,
      });
      response.writeHead(status, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'range, if-match',
        'access-control-expose-headers': 'content-range, content-length, etag',
        ...headers,
      });
      response.end(body);
    };
    if (request.method === 'OPTIONS') return answer(204, {});
    if (path === '/style.json' || path === '/style-dark.json') {
      const scheme = path === '/style.json' ? 'light' : 'dark';
      const style = operatorStyle(`${origin}/city.pmtiles`, scheme);
      return answer(200, { 'content-type': 'application/json' }, JSON.stringify(style));
    }
    if (path === '/city.pmtiles') {
      const range = rangeOf(request, archive.length);
      if (!range) return answer(200, { 'content-type': 'application/octet-stream' }, archive);
      return answer(
        206,
        {
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${range.start}-${range.end}/${archive.length}`,
          etag: '"city-1"',
        },
        archive.subarray(range.start, range.end + 1),
      );
    }
    return answer(404, {}, 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
