/**
 * The demo city: Chicago's Loop and the blocks around it, drawn from the real
 * street grid (simplified: every street straight, on its real line). The
 * Chicago River's three branches cut it into three sides; streets cross them
 * only where Chicago has a bridge, so the routing graph goes round the water
 * the way a taxi must. Lake Michigan is the east edge.
 */
import type { LngLat } from './geo';

export const DEMO_CITY = {
  name: 'Chicago',
  /** State & Madison, where Chicago's address grid starts. */
  center: [-87.6278, 41.882] as LngLat,
  bounds: [-87.65, 41.8655, -87.608, 41.8985] as [
    minLng: number,
    minLat: number,
    maxLng: number,
    maxLat: number,
  ],
};

export type StreetKind = 'avenue' | 'street';

/**
 * A straight street: north-south ones sit on a longitude, east-west ones on a
 * latitude; `spans` are the stretches it runs along the other axis (a street
 * the river interrupts where no bridge is has two).
 */
export interface Street {
  name: string;
  kind: StreetKind;
  axis: 'ns' | 'ew';
  at: number;
  spans: [from: number, to: number][];
}

const [WEST, SOUTH, EAST, NORTH] = DEMO_CITY.bounds;

/** East edge of the land: Lake Shore Drive runs a block inside it. */
const LAKE_SHORE = -87.614;

/** The North-South streets, west to east (their longitudes). */
const HALSTED = -87.6475;
const DESPLAINES = -87.644;
const JEFFERSON = -87.6425;
const CLINTON = -87.641;
const CANAL = -87.6397;
const WACKER_NS = -87.6367;
const FRANKLIN = -87.6354;
const STATE = -87.6278;
const MICHIGAN = -87.6244;
const COLUMBUS = -87.6206;
const LAKE_SHORE_DR = -87.6162;

/** The East-West streets, south to north (their latitudes). */
const ROOSEVELT = 41.8675;
const POLK = 41.872;
const CONGRESS = 41.8757;
const MONROE = 41.8807;
const RANDOLPH = 41.8846;
const LAKE = 41.8857;
const WACKER_EW = 41.8868;
const KINZIE = 41.8892;
const ILLINOIS = 41.8908;
const CHICAGO_AVE = 41.8966;

/** West of the North Branch at the latitudes where a street stops at its bank. */
const NORTH_BRANCH_WEST_BANK = CLINTON;

const ns = (name: string, kind: StreetKind, at: number, ...spans: [number, number][]): Street => ({
  name,
  kind,
  axis: 'ns',
  at,
  spans: spans.length > 0 ? spans : [[SOUTH, NORTH]],
});
const ew = (name: string, kind: StreetKind, at: number, ...spans: [number, number][]): Street => ({
  name,
  kind,
  axis: 'ew',
  at,
  spans: spans.length > 0 ? spans : [[WEST, LAKE_SHORE_DR]],
});

export const STREETS: readonly Street[] = [
  ns('Halsted St', 'avenue', HALSTED),
  ns('Desplaines St', 'street', DESPLAINES),
  ns('Jefferson St', 'street', JEFFERSON),
  ns('Clinton St', 'street', CLINTON),
  ns('Canal St', 'street', CANAL, [SOUTH, LAKE]),
  ns('Wacker Dr', 'avenue', WACKER_NS, [CONGRESS, WACKER_EW]),
  ns('Franklin St', 'street', FRANKLIN),
  ns('Wells St', 'street', -87.6339),
  ns('LaSalle St', 'avenue', -87.6324),
  ns('Clark St', 'street', -87.6309),
  ns('Dearborn St', 'street', -87.6294),
  ns('State St', 'avenue', STATE),
  ns('Wabash Ave', 'street', -87.626),
  ns('Michigan Ave', 'avenue', MICHIGAN),
  ns('Columbus Dr', 'avenue', COLUMBUS, [ROOSEVELT, ILLINOIS]),
  ns('Lake Shore Dr', 'avenue', LAKE_SHORE_DR),

  ew('Roosevelt Rd', 'avenue', ROOSEVELT),
  ew('Polk St', 'street', POLK, [WEST, CANAL], [FRANKLIN, STATE]),
  ew('Balbo Dr', 'street', 41.8731, [STATE, LAKE_SHORE_DR]),
  ew('Harrison St', 'street', 41.8743, [WEST, MICHIGAN]),
  ew('Congress Pkwy', 'avenue', CONGRESS),
  ew('Van Buren St', 'street', 41.8768, [WEST, MICHIGAN]),
  ew('Jackson Blvd', 'avenue', 41.8781),
  ew('Adams St', 'street', 41.8794, [WEST, MICHIGAN]),
  ew('Monroe St', 'street', MONROE),
  ew('Madison St', 'avenue', 41.882, [WEST, MICHIGAN]),
  ew('Washington St', 'street', 41.8833, [WEST, MICHIGAN]),
  ew('Randolph St', 'avenue', RANDOLPH),
  ew('Lake St', 'street', LAKE, [WEST, MICHIGAN]),
  ew('Wacker Dr', 'avenue', WACKER_EW, [WACKER_NS, COLUMBUS]),
  ew('Kinzie St', 'street', KINZIE, [WEST, -87.626]),
  ew('Illinois St', 'street', ILLINOIS, [FRANKLIN, LAKE_SHORE_DR]),
  ew('Grand Ave', 'avenue', 41.8917),
  ew('Ohio St', 'street', 41.8926, [WEST, NORTH_BRANCH_WEST_BANK], [FRANKLIN, LAKE_SHORE_DR]),
  ew('Erie St', 'street', 41.894, [WEST, NORTH_BRANCH_WEST_BANK], [FRANKLIN, LAKE_SHORE_DR]),
  ew('Chicago Ave', 'avenue', CHICAGO_AVE),
];

/** The river's centre lines, branch by branch (it is drawn 60 m wide). */
export const RIVER: readonly { name: string; line: LngLat[] }[] = [
  {
    name: 'Chicago River',
    line: [
      [-87.638, 41.888],
      [-87.63, 41.8881],
      [-87.622, 41.8882],
      [LAKE_SHORE, 41.8883],
    ],
  },
  {
    name: 'North Branch Chicago River',
    line: [
      [-87.638, 41.888],
      [-87.6386, 41.891],
      [-87.6394, 41.894],
      [-87.6399, NORTH],
    ],
  },
  {
    name: 'South Branch Chicago River',
    line: [
      [-87.638, 41.888],
      [-87.6382, 41.88],
      [-87.6381, 41.872],
      [-87.6384, SOUTH],
    ],
  },
];
export const RIVER_HALF_WIDTH_M = 30;

/** Lake Michigan: the shore, south to north, then the map's east edge. */
export const LAKE_MICHIGAN: { name: string; ring: LngLat[] } = {
  name: 'Lake Michigan',
  ring: [
    [-87.6135, SOUTH],
    [LAKE_SHORE, 41.876],
    [-87.6136, 41.885],
    [-87.613, 41.8883],
    [-87.6134, 41.892],
    [-87.6146, NORTH],
    [EAST, NORTH],
    [EAST, SOUTH],
    [-87.6135, SOUTH],
  ],
};

/** Parks, as the blocks they fill (west, south, east, north). */
export const PARKS: readonly { name: string; block: [number, number, number, number] }[] = [
  { name: 'Millennium Park', block: [MICHIGAN, MONROE, COLUMBUS, RANDOLPH] },
  { name: 'Maggie Daley Park', block: [COLUMBUS, MONROE, LAKE_SHORE_DR, RANDOLPH] },
  { name: 'Grant Park', block: [MICHIGAN, ROOSEVELT, LAKE_SHORE_DR, MONROE] },
  { name: 'Lake Shore East Park', block: [COLUMBUS, RANDOLPH, LAKE_SHORE_DR, WACKER_EW] },
];
