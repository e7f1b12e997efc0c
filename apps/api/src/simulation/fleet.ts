import type { PositionFix, PositionState } from '@cabdesk/contract';
import { pathLength, pointAlong, type LngLat, type StreetGraph } from '@cabdesk/city';

/*
 * The simulator's drivers on the demo city's streets (issue 46): each drives
 * along the street graph, cruising from one corner to another while
 * available, to a trip's pick-up and then its drop-off while on a trip, and
 * now and then goes offline for a while. Each sends a fix every
 * FIX_INTERVAL_MS, the fleet's fixes spread over that interval so a large
 * fleet sends a steady stream rather than bursts.
 */

/** How often each driver's app sends its position. */
export const FIX_INTERVAL_MS = 4000;

/** City speeds, metres a second: about 25 to 45 km/h. */
const SPEED_MIN = 7;
const SPEED_MAX = 12.5;
/** The chance, each time an available driver reaches a corner they cruised to, of going offline. */
const OFFLINE_CHANCE = 0.05;
/** How long an offline driver stays away. */
const OFFLINE_MIN_MS = 60_000;
const OFFLINE_MAX_MS = 240_000;

/** The part of a trip a driver is driving: to the passenger, then to the destination. */
type Leg = 'pickup' | 'drop';

/** A driver who reached the end of a leg of a trip. */
interface Arrival {
  driver: string;
  trip: string;
  leg: Leg;
}

interface Car {
  id: string;
  state: PositionState;
  /** The streets ahead: from where the car was when it set off, to where it is going. */
  path: LngLat[];
  /** Metres along `path` at `movedAt`. */
  travelled: number;
  movedAt: number;
  speed: number;
  job: { trip: string; leg: Leg; drop: number } | null;
  /** When an offline driver comes back. */
  backAt: number;
  /** When the next fix is due. */
  fixAt: number;
}

export interface Fleet {
  /** A driver starts driving, available, from a random corner. */
  add(driver: string, now: number): void;
  /** A driver leaves the fleet (deleted at the desk): no fix from them any more. */
  remove(driver: string): void;
  has(driver: string): boolean;
  readonly size: number;
  /** Of `drivers`, the one available nearest to a corner, or null. */
  nearestAvailable(drivers: Iterable<string>, node: number): string | null;
  /** The driver sets off for a trip's pick-up, then its drop-off. */
  dispatch(driver: string, trip: string, pickup: number, drop: number, now: number): void;
  /** The trip is over for the driver (cancelled): they are available again. */
  release(driver: string, now: number): void;
  /** Moves every car to `now`: the fixes due by then, and the legs of trips that ended. */
  tick(now: number): { fixes: PositionFix[]; arrivals: Arrival[] };
}

export function createFleet(graph: StreetGraph, rand: () => number): Fleet {
  const cars = new Map<string, Car>();
  const between = (min: number, max: number) => min + (max - min) * rand();

  const positionOf = (car: Car) => pointAlong(car.path, car.travelled);

  /** The corner a car is at or heading to next: where a new route can start. */
  function nextCorner(car: Car): number {
    let covered = 0;
    for (let i = 1; i < car.path.length; i++) {
      covered += pathLength([car.path[i - 1]!, car.path[i]!]);
      if (covered >= car.travelled) return graph.nearestNode(car.path[i]!);
    }
    return graph.nearestNode(car.path[car.path.length - 1]!);
  }

  /** The car drives from where it is to `node` along the streets. */
  function driveTo(car: Car, node: number) {
    const here = positionOf(car).at;
    const route = graph.route(nextCorner(car), node);
    car.path = [here, ...route];
    car.travelled = 0;
  }

  function cruise(car: Car) {
    let node = graph.randomNode(rand);
    // Somewhere else than here.
    for (let tries = 0; tries < 3 && node === nextCorner(car); tries++) {
      node = graph.randomNode(rand);
    }
    driveTo(car, node);
  }

  /** Where a car is at `now`, what happened on the way, and whether it sends a fix. */
  function advance(car: Car, now: number, arrivals: Arrival[]): PositionFix | null {
    if (car.state === 'offline') {
      if (now < car.backAt) return null;
      car.state = 'available';
      car.movedAt = now;
      cruise(car);
    }
    car.travelled += (car.speed * (now - car.movedAt)) / 1000;
    car.movedAt = now;
    const length = pathLength(car.path);
    if (car.travelled >= length) {
      car.travelled = length;
      if (car.job?.leg === 'pickup') {
        arrivals.push({ driver: car.id, trip: car.job.trip, leg: 'pickup' });
        car.job.leg = 'drop';
        driveTo(car, car.job.drop);
      } else if (car.job?.leg === 'drop') {
        arrivals.push({ driver: car.id, trip: car.job.trip, leg: 'drop' });
        car.job = null;
        car.state = 'available';
        cruise(car);
      } else if (rand() < OFFLINE_CHANCE) {
        car.state = 'offline';
        car.backAt = now + between(OFFLINE_MIN_MS, OFFLINE_MAX_MS);
      } else {
        cruise(car);
      }
    }
    const { at, heading } = positionOf(car);
    return {
      driver_external_id: car.id,
      lng: at[0],
      lat: at[1],
      heading,
      speed: car.state === 'offline' ? 0 : car.speed,
      state: car.state,
      at: new Date(now).toISOString(),
    };
  }

  return {
    add(driver, now) {
      if (cars.has(driver)) return;
      const start = graph.nodes[graph.randomNode(rand)]!;
      const car: Car = {
        id: driver,
        state: 'available',
        path: [start],
        travelled: 0,
        movedAt: now,
        speed: between(SPEED_MIN, SPEED_MAX),
        job: null,
        backAt: 0,
        // Spread over the interval: a fleet's fixes arrive as a steady stream.
        fixAt: now + rand() * FIX_INTERVAL_MS,
      };
      cruise(car);
      cars.set(driver, car);
    },
    remove(driver) {
      cars.delete(driver);
    },
    has: (driver) => cars.has(driver),
    get size() {
      return cars.size;
    },
    nearestAvailable(drivers, node) {
      const target = graph.nodes[node]!;
      let best: string | null = null;
      let bestDistance = Infinity;
      for (const id of drivers) {
        const car = cars.get(id);
        if (!car || car.state !== 'available') continue;
        const distance = pathLength([positionOf(car).at, target]);
        if (distance < bestDistance) [best, bestDistance] = [id, distance];
      }
      return best;
    },
    dispatch(driver, trip, pickup, drop, now) {
      const car = cars.get(driver);
      if (!car) return;
      car.travelled += (car.speed * (now - car.movedAt)) / 1000;
      car.movedAt = now;
      car.state = 'on_trip';
      car.job = { trip, leg: 'pickup', drop };
      driveTo(car, pickup);
    },
    release(driver, now) {
      const car = cars.get(driver);
      if (!car || !car.job) return;
      car.travelled += (car.speed * (now - car.movedAt)) / 1000;
      car.movedAt = now;
      car.job = null;
      car.state = 'available';
      cruise(car);
    },
    tick(now) {
      const fixes: PositionFix[] = [];
      const arrivals: Arrival[] = [];
      for (const car of cars.values()) {
        if (now < car.fixAt) continue;
        // A fix every interval, on the car's own beat (a car that fell behind starts a new one).
        car.fixAt += FIX_INTERVAL_MS;
        if (car.fixAt <= now) car.fixAt = now + FIX_INTERVAL_MS;
        const wasOnline = car.state !== 'offline';
        const fix = advance(car, now, arrivals);
        // An offline driver's app says so once, then is silent until they are back.
        if (fix && (fix.state !== 'offline' || wasOnline)) fixes.push(fix);
      }
      return { fixes, arrivals };
    },
  };
}
