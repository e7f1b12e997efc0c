import { randomUUID } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { DEMO_CITY, distanceMeters, streetGraph } from '@cabdesk/city';
import {
  IDEMPOTENCY_HEADER,
  integrationDocuments,
  integrationPayments,
  integrationPeople,
  integrationPositions,
  integrationTrips,
  integrationVehicles,
  POSITIONS_PER_CALL,
  urlOf,
  type AnyEndpoint,
  type PaymentRequest,
  type PersonRequest,
  type TripRequest,
  type VehicleRequest,
} from '@cabdesk/contract';
import { Faker, base, en, en_US } from '@faker-js/faker';
import {
  BRANDS,
  CANCEL_REASONS,
  COLORS,
  COMPANY_MAILBOXES,
  DRIVER_GENDER_SHARES,
  PASSENGER_GENDER_SHARES,
  PAYMENT_METHODS,
  VEHICLE_TYPES,
} from '../seed/catalog';
import { slug } from '../seed/common';
import { companyNameOf, fare, person, phone } from '../seed/demo';
import { createFleet, FIX_INTERVAL_MS } from './fleet';
import { startReceiver, type Receiver, type WebhookMessage } from './receiver';

/*
 * The marketplace simulator (issue 44): a client of Cabdesk like any
 * marketplace backend. It registers companies, vehicles, drivers and
 * passengers and runs trips through the integration API with a key of its
 * own, and hears Cabdesk's decisions through a webhook receiver. It never
 * touches the database: what it knows of its marketplace is what it sent and
 * what the webhooks told it, so a driver takes trips only once the simulator
 * has heard that the desk approved them.
 *
 * Its drivers drive (issue 46): every driver it registers drives the demo
 * city's streets (fleet.ts) and sends a fix every few seconds through `POST
 * positions`, available while cruising, on_trip from accepting a trip to
 * dropping the passenger off, now and then offline. Its trips run between two
 * corners of the city, with their points: the driver the desk approved
 * nearest the pick-up accepts, drives there (started), then to the drop-off
 * (ended, completed, paid).
 */

type SimulationEvent =
  'company' | 'driver' | 'vehicle' | 'passenger' | 'request' | 'advance' | 'cancel';

/** How often each event happens, relative to the others. */
const WEIGHTS: { value: SimulationEvent; weight: number }[] = [
  { value: 'company', weight: 1 },
  { value: 'driver', weight: 2 },
  { value: 'vehicle', weight: 1.5 },
  { value: 'passenger', weight: 1 },
  { value: 'request', weight: 5 },
  { value: 'advance', weight: 9 },
  { value: 'cancel', weight: 1.5 },
];

type StepResult = { event: SimulationEvent; summary: string } | null;

/** A trip of the simulator's marketplace, until it is completed or cancelled. */
type Trip = {
  externalId: string;
  user: string;
  driver?: string;
  vehicle?: string;
  /** The corners of the demo city it runs between (streetGraph's nodes). */
  pickupNode: number;
  dropNode: number;
  amount: string;
  status: 'created' | 'accepted' | 'started';
};

/** A trip's pick-up and drop-off are at least this far apart, in a straight line. */
const TRIP_MIN_METERS = 600;

/** Drivers of the standing fleet (`addFleet`) per company. */
const FLEET_PER_COMPANY = 25;

export type Simulator = {
  /** One event (or the given one); null when it had nothing to act on (e.g. no live trip). */
  step(event?: SimulationEvent): Promise<StepResult>;
  /**
   * The drivers drive on to the simulator's clock: the fixes due are sent
   * (`POST positions`, batched), and the trips whose driver reached the
   * pick-up start, those that reached the drop-off end. Answers what happened
   * to trips.
   */
  move(): Promise<string[]>;
  /**
   * A standing fleet of `count` drivers with a vehicle each, by fixed ids
   * (`sim-fleet-d1`...), registered or found again through the integration
   * API; each drives from now on, and takes trips if the desk approved them.
   * Answers what the API refused (a driver or vehicle), one line each.
   */
  addFleet(count: number): Promise<string[]>;
  /** How many drivers drive. */
  readonly drivers: number;
  /** A webhook Cabdesk sent (signature already verified): what it tells the marketplace. */
  hear(message: WebhookMessage): string | null;
  /** The drivers (by external id) the simulator has heard approved. */
  readonly approvedDrivers: ReadonlySet<string>;
};

/** The integration API as the simulator calls it: a JSON or multipart POST with the key. */
function integrationClient(baseUrl: string, key: string) {
  return async <T = { id: number; external_id: string }>(
    endpoint: AnyEndpoint,
    body: object | FormData,
  ): Promise<T> => {
    const form = body instanceof FormData;
    const response = await fetch(`${baseUrl}${urlOf(endpoint)}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        [IDEMPOTENCY_HEADER]: randomUUID(),
        ...(form ? {} : { 'content-type': 'application/json' }),
      },
      body: form ? body : JSON.stringify(body),
    });
    const answer = (await response.json()) as { message: string; data: T };
    if (!response.ok) throw new Error(`${response.status} ${answer.message}`);
    return answer.data;
  };
}

/**
 * A licence card as a PNG: a coloured header band, a photo square and lines
 * standing for the printed text. The integration API takes raster images
 * only, and this needs no image library.
 */
function licencePng(rgb: readonly [number, number, number], width = 240, height = 150) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.from(type, 'ascii');
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    head.copy(out, 4);
    data.copy(out, 8);
    out.writeUInt32BE(crc32(Buffer.concat([head, data])), 8 + data.length);
    return out;
  };
  const paper = [246, 244, 238] as const;
  const ink = [60, 64, 72] as const;
  const photo = rgb.map((c) => Math.round(c * 0.5 + 90)) as unknown as typeof paper;
  const lines = [52, 70, 88, 106, 124];
  const colour = (x: number, y: number) => {
    if (y < 30) return rgb;
    if (x >= 14 && x < 74 && y >= 44 && y < 126) return photo;
    const line = lines.find((top) => y >= top && y < top + 7);
    if (line !== undefined && x >= 88 && x < 88 + ((line * 7) % 90) + 50) return ink;
    return paper;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(colour(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

export function createSimulator(options: {
  baseUrl: string;
  key: string;
  /** The simulator's time in milliseconds (tests drive it); the wall clock by default. */
  clock?: () => number;
  /** The marketplace's service and vehicle types; unknown (another's key): the seed's names. */
  catalog?: Catalog;
}): Simulator {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(Date.now() % 2 ** 31);
  const clock = options.clock ?? Date.now;
  const rand = () => faker.number.int({ min: 0, max: 2 ** 31 - 1 }) / 2 ** 31;
  const graph = streetGraph();
  const fleet = createFleet(graph, rand);
  const post = integrationClient(options.baseUrl, options.key);
  // This run's ids: the marketplace's own, unique across runs.
  const run = Date.now().toString(36);
  let serial = 0;
  const newId = (kind: string) => `sim-${run}-${kind}${++serial}`;
  const emails = new Set<string>();
  const freshEmail = (email: string) => {
    const [local, domain] = email.split('@');
    return `${local}.${faker.string.numeric(5)}@${domain}`.toLowerCase();
  };
  const now = () => new Date(clock()).toISOString();
  /** A corner's address: "State St & Madison St, Chicago". */
  const addressOf = (node: number) => `${graph.nodeName(node)}, ${DEMO_CITY.name}`;

  // The marketplace as the simulator knows it.
  const companies: { id: string; name: string }[] = [];
  /** Each vehicle's company. */
  const vehicles = new Map<string, string>();
  const drivers = new Map<string, { company: string; name: string }>();
  const passengers: string[] = [];
  const approvedDrivers = new Set<string>();
  const trips: Trip[] = [];

  /**
   * The approved driver free and nearest to `node` whose company has a
   * vehicle, with one of its vehicles (the driver's own in the fleet), for a trip.
   */
  const freeDriver = (node: number) => {
    const busy = new Set(trips.map((t) => t.driver));
    const ready = [...approvedDrivers].filter((id) => {
      if (busy.has(id)) return false;
      const company = drivers.get(id)!.company;
      return [...vehicles.values()].includes(company);
    });
    const driver = fleet.nearestAvailable(ready, node);
    if (!driver) return null;
    const company = drivers.get(driver)!.company;
    const own = driver.replace(/-d(\d+)$/, '-v$1');
    const fleetCars = [...vehicles].filter(([, owner]) => owner === company);
    const vehicle = vehicles.has(own) ? own : faker.helpers.arrayElement(fleetCars)[0];
    return { driver, vehicle };
  };

  const tripEvent = (trip: Trip, event: TripRequest['event'], extra: Partial<TripRequest> = {}) => {
    const [pickupLng, pickupLat] = graph.nodes[trip.pickupNode]!;
    const [dropLng, dropLat] = graph.nodes[trip.dropNode]!;
    return post<{ id: number }>(integrationTrips, {
      external_id: trip.externalId,
      event,
      at: now(),
      user_external_id: trip.user,
      driver_external_id: trip.driver,
      vehicle_external_id: trip.vehicle,
      pickup_address: addressOf(trip.pickupNode),
      drop_address: addressOf(trip.dropNode),
      pickup_lat: pickupLat,
      pickup_lng: pickupLng,
      drop_lat: dropLat,
      drop_lng: dropLng,
      amount: trip.amount,
      ...extra,
    } satisfies TripRequest);
  };

  /**
   * The end of a trip: ended and completed at the drop-off, and paid. The
   * completed event names the payment method, so a cash trip is split as one.
   */
  const finish = async (trip: Trip) => {
    trips.splice(trips.indexOf(trip), 1);
    await tripEvent(trip, 'ended');
    const method = faker.helpers.weightedArrayElement(PAYMENT_METHODS);
    const saved = await tripEvent(trip, 'completed', { payment_method: method });
    await post(integrationPayments, {
      external_id: `${trip.externalId}-pay`,
      trip_external_id: trip.externalId,
      amount: trip.amount,
      payment_method: method,
      at: now(),
    } satisfies PaymentRequest);
    return `trip #${saved.id} completed at ${addressOf(trip.dropNode)}, $${trip.amount} paid`;
  };

  /**
   * A driver (and their vehicle) registered, or found again, by their ids,
   * their details drawn from `f`; the driver drives from now on, and takes
   * trips if the answer says the desk approved them.
   */
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  /**
   * A car of a real model, under the service and vehicle types the marketplace has: the
   * model's own where it has them (the seed's names), else one of its own names.
   */
  const carOf = (f: Faker) => {
    const brand = f.helpers.arrayElement(BRANDS);
    const model = f.helpers.arrayElement(brand.models);
    const services = options.catalog?.serviceTypes ?? [];
    const types = options.catalog?.vehicleTypes ?? [];
    const service =
      services.length === 0 || services.some((title) => same(title, model.service))
        ? model.service
        : f.helpers.arrayElement(services);
    const type =
      types.find((t) => same(t.title, model.type)) ??
      (types.length > 0
        ? f.helpers.arrayElement(types)
        : VEHICLE_TYPES.find((t) => t.title === model.type)!);
    return {
      service_type: service,
      vehicle_type: type.title,
      seats: type.seats,
      brand: brand.name,
      model: model.name,
    };
  };

  const registerDriver = async (
    f: Faker,
    id: string,
    company: { id: string; name: string },
    vehicleId: string | null,
  ) => {
    // A fleet driver's e-mail is made unique by their id; another's by the run's own.
    const someone = person(f, DRIVER_GENDER_SHARES, vehicleId ? new Set<string>() : emails);
    const saved = await post<{ approval: string; status: string }>(integrationPeople, {
      external_id: id,
      user_type: 'Driver',
      name: someone.name,
      email: vehicleId ? `${id}.${someone.email}` : freshEmail(someone.email),
      phone: phone(f),
      gender: someone.gender,
      dob: f.date
        .between({ from: '1965-01-01T00:00:00Z', to: '2003-12-31T23:59:59Z' })
        .toISOString()
        .slice(0, 10),
      company_external_id: company.id,
    } satisfies PersonRequest);
    drivers.set(id, { company: company.id, name: someone.name });
    if (saved.approval === 'Approved' && saved.status === 'Active') approvedDrivers.add(id);
    // On the streets from now on, with a car or not (a vehicle the API refuses is only logged).
    fleet.add(id, clock());
    if (vehicleId) {
      await post(integrationVehicles, {
        external_id: vehicleId,
        company_external_id: company.id,
        ...carOf(f),
        color: f.helpers.arrayElement(COLORS).name,
        license_number: `FLT-${vehicleId.replace(/\D/g, '').padStart(4, '0')}`,
      } satisfies VehicleRequest);
      vehicles.set(vehicleId, company.id);
    }
    return someone;
  };

  const events: Record<SimulationEvent, () => Promise<string | null>> = {
    async company() {
      const name = companyNameOf(faker);
      const id = newId('c');
      await post(integrationPeople, {
        external_id: id,
        user_type: 'Company',
        name: faker.person.fullName(),
        email: `${faker.helpers.arrayElement(COMPANY_MAILBOXES)}.${faker.string.numeric(4)}@${slug(name)}.com`,
        phone: phone(faker),
        company_name: name,
      } satisfies PersonRequest);
      companies.push({ id, name });
      return `company ${name} registered`;
    },

    async driver() {
      if (companies.length === 0) return null;
      const company = faker.helpers.arrayElement(companies);
      const id = newId('d');
      const someone = await registerDriver(faker, id, company, null);
      // Their licence, for the review desk.
      const form = new FormData();
      form.append('owner', 'people');
      form.append('external_id', id);
      form.append('document', 'dl_front');
      form.append('expires_on', faker.date.soon({ days: 1500 }).toISOString().slice(0, 10));
      const accent = [
        faker.number.int({ min: 20, max: 160 }),
        faker.number.int({ min: 20, max: 160 }),
        faker.number.int({ min: 20, max: 160 }),
      ] as const;
      form.append(
        'file',
        new Blob([licencePng(accent)], { type: 'image/png' }),
        'licence-front.png',
      );
      await post(integrationDocuments, form);
      return `driver ${someone.name} registered with ${company.name}`;
    },

    async vehicle() {
      if (companies.length === 0) return null;
      const company = faker.helpers.arrayElement(companies);
      const plate = `${faker.string.alpha({ length: 3, casing: 'upper' })}-${faker.string.numeric(4)}`;
      const id = newId('v');
      await post(integrationVehicles, {
        external_id: id,
        company_external_id: company.id,
        ...carOf(faker),
        color: faker.helpers.arrayElement(COLORS).name,
        license_number: plate,
      } satisfies VehicleRequest);
      vehicles.set(id, company.id);
      return `vehicle ${plate} added by ${company.name}`;
    },

    async passenger() {
      const someone = person(faker, PASSENGER_GENDER_SHARES, emails);
      const id = newId('u');
      await post(integrationPeople, {
        external_id: id,
        user_type: 'User',
        name: someone.name,
        email: freshEmail(someone.email),
        phone: phone(faker),
        gender: someone.gender,
      } satisfies PersonRequest);
      passengers.push(id);
      return `passenger ${someone.name} joined`;
    },

    async request() {
      if (passengers.length === 0) return null;
      const pickupNode = graph.randomNode(rand);
      let dropNode = graph.randomNode(rand);
      for (
        let tries = 0;
        tries < 20 &&
        distanceMeters(graph.nodes[pickupNode]!, graph.nodes[dropNode]!) < TRIP_MIN_METERS;
        tries++
      ) {
        dropNode = graph.randomNode(rand);
      }
      const trip: Trip = {
        externalId: newId('t'),
        user: faker.helpers.arrayElement(passengers),
        pickupNode,
        dropNode,
        amount: fare(faker),
        status: 'created',
      };
      const saved = await tripEvent(trip, 'created');
      trips.push(trip);
      return `trip #${saved.id} requested at ${addressOf(pickupNode)}`;
    },

    async advance() {
      // The trip waiting longest goes to the approved driver nearest its pick-up, who drives there.
      for (const trip of trips) {
        if (trip.status !== 'created') continue;
        const assigned = freeDriver(trip.pickupNode);
        if (!assigned) return null;
        Object.assign(trip, assigned, { status: 'accepted' });
        const saved = await tripEvent(trip, 'accepted');
        fleet.dispatch(trip.driver!, trip.externalId, trip.pickupNode, trip.dropNode, clock());
        return `trip #${saved.id} accepted by ${drivers.get(trip.driver!)!.name}`;
      }
      return null;
    },

    async cancel() {
      const waiting = trips.filter((t) => t.status === 'created' || t.status === 'accepted');
      if (waiting.length === 0) return null;
      const trip = faker.helpers.arrayElement(waiting);
      const reason = faker.helpers.arrayElement(CANCEL_REASONS);
      const saved = await tripEvent(trip, 'cancelled', { reason });
      trips.splice(trips.indexOf(trip), 1);
      if (trip.driver) fleet.release(trip.driver, clock());
      return `trip #${saved.id} cancelled: ${reason}`;
    },
  };

  return {
    approvedDrivers,
    get drivers() {
      return fleet.size;
    },
    async move() {
      const { fixes, arrivals } = fleet.tick(clock());
      for (let i = 0; i < fixes.length; i += POSITIONS_PER_CALL) {
        await post(integrationPositions, { fixes: fixes.slice(i, i + POSITIONS_PER_CALL) });
      }
      const told: string[] = [];
      for (const arrival of arrivals) {
        const trip = trips.find((t) => t.externalId === arrival.trip);
        if (!trip) continue;
        if (arrival.leg === 'drop') {
          told.push(await finish(trip));
          continue;
        }
        trip.status = 'started';
        const saved = await tripEvent(trip, 'started');
        told.push(`trip #${saved.id} started at ${addressOf(trip.pickupNode)}`);
      }
      return told;
    },
    async addFleet(count) {
      // The same people for the same ids on every run: registering them again changes nothing.
      const f = new Faker({ locale: [en_US, en, base] });
      const fleetCompanies: { id: string; name: string }[] = [];
      for (let n = 1; n <= Math.ceil(count / FLEET_PER_COMPANY); n++) {
        f.seed(1_000_000 + n);
        const company = { id: `sim-fleet-c${n}`, name: companyNameOf(f) };
        await post(integrationPeople, {
          external_id: company.id,
          user_type: 'Company',
          name: f.person.fullName(),
          email: `office@${slug(company.name)}-${n}.com`,
          phone: phone(f),
          company_name: company.name,
        } satisfies PersonRequest);
        fleetCompanies.push(company);
        if (!companies.some((c) => c.id === company.id)) companies.push(company);
      }
      // A few at a time: quick, without flooding the API. One refused does not stop the rest.
      let next = 0;
      const refused: string[] = [];
      const worker = async () => {
        const own = new Faker({ locale: [en_US, en, base] });
        while (next < count) {
          const n = ++next;
          own.seed(n);
          const company = fleetCompanies[Math.floor((n - 1) / FLEET_PER_COMPANY)]!;
          try {
            await registerDriver(own, `sim-fleet-d${n}`, company, `sim-fleet-v${n}`);
          } catch (err) {
            refused.push(`sim-fleet-d${n}: ${(err as Error).message}`);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(8, count) }, worker));
      return refused;
    },
    async step(event = faker.helpers.weightedArrayElement(WEIGHTS)) {
      const summary = await events[event]();
      return summary === null ? null : { event, summary };
    },
    hear({ type, data }) {
      const externalId = typeof data.external_id === 'string' ? data.external_id : null;
      if (data.kind === 'driver' && externalId && drivers.has(externalId)) {
        const name = drivers.get(externalId)!.name;
        if (type === 'approval.decided') {
          if (data.approval === 'Approved') approvedDrivers.add(externalId);
          else approvedDrivers.delete(externalId);
          return `driver ${name} ${String(data.approval).toLowerCase()} at the desk`;
        }
        if (type === 'record.deleted' || (type === 'status.changed' && data.status !== 'Active')) {
          approvedDrivers.delete(externalId);
          // A deleted driver's fixes would be refused: they leave the streets.
          if (type === 'record.deleted') fleet.remove(externalId);
          return `driver ${name} no longer drives`;
        }
      }
      if (type === 'trip.cancelled' && externalId) {
        const trip = trips.find((t) => t.externalId === externalId);
        if (trip) {
          trips.splice(trips.indexOf(trip), 1);
          if (trip.driver) fleet.release(trip.driver, clock());
          return `trip #${String(data.id)} cancelled at the desk`;
        }
      }
      return null;
    },
  };
}

/** What the simulator needs of Cabdesk: a key, and the secret of the endpoint pointing at its receiver. */
/** The service and vehicle types a marketplace has, by name: what its vehicles may be. */
export type Catalog = {
  serviceTypes: string[];
  vehicleTypes: { title: string; seats: number }[];
};

/** The simulator's key and endpoint secret, and, when it made them itself, the marketplace's types. */
export type Credentials = { key: string; secret: string; catalog?: Catalog };

/**
 * How often the drivers move on: each sends a fix every FIX_INTERVAL_MS, and
 * one call of `POST positions` carries up to POSITIONS_PER_CALL fixes, so a
 * large fleet's are sent in full batches spread over the interval, a small
 * fleet's together once an interval.
 */
export const movePeriodMs = (drivers: number) =>
  Math.min(
    FIX_INTERVAL_MS,
    Math.max(250, (FIX_INTERVAL_MS * POSITIONS_PER_CALL) / Math.max(1, drivers)),
  );

/**
 * Starts the receiver (on loopback, at `receiverPort` or a free port), gets
 * the credentials for its URL, registers the standing fleet of `drivers`
 * (none when 0), then runs steps at a steady, watchable pace until `signal`
 * aborts or `steps` have run, while the drivers drive (movePeriodMs). A
 * failed step or move is reported and the next one goes on.
 */
export async function runSimulation(options: {
  baseUrl: string;
  credentials: (receiverUrl: string) => Promise<Credentials>;
  receiverPort?: number;
  intervalMs: number;
  steps?: number;
  drivers?: number;
  signal?: AbortSignal;
  log: (line: string) => void;
}): Promise<number> {
  let simulator: Simulator | undefined;
  let receiver: Receiver | undefined;
  let done = 0;
  const stopped = new AbortController();
  options.signal?.addEventListener('abort', () => stopped.abort(), { once: true });
  let moving = Promise.resolve();
  try {
    receiver = await startReceiver(options.receiverPort ?? 0, (message) => {
      const heard = simulator?.hear(message);
      if (heard) options.log(`${'webhook'.padEnd(9)} ${heard}`);
    });
    const { key, secret, catalog } = await options.credentials(receiver.url);
    receiver.verifyWith(secret);
    simulator = createSimulator({ baseUrl: options.baseUrl, key, catalog });
    options.log(`receiving webhooks at ${receiver.url}`);
    const driving = simulator;
    if (options.drivers) {
      const refused = await driving
        .addFleet(options.drivers)
        .catch((err: unknown) => [(err as Error).message]);
      for (const line of refused.slice(0, 5)) options.log(`fleet failed: ${line}`);
      if (refused.length > 5) options.log(`fleet failed: ${refused.length - 5} more`);
      options.log(
        `${'fleet'.padEnd(9)} ${options.drivers} drivers on the streets of ${DEMO_CITY.name}`,
      );
    }
    moving = (async () => {
      while (!stopped.signal.aborted) {
        try {
          for (const line of await driving.move()) options.log(`${'drive'.padEnd(9)} ${line}`);
        } catch (err) {
          options.log(`move failed: ${(err as Error).message}`);
        }
        await sleep(movePeriodMs(driving.drivers), stopped.signal);
      }
    })();
    while (!stopped.signal.aborted && (options.steps === undefined || done < options.steps)) {
      try {
        const result = await simulator.step();
        if (result) options.log(`${result.event.padEnd(9)} ${result.summary}`);
      } catch (err) {
        options.log(`step failed: ${(err as Error).message}`);
      }
      done++;
      if (options.steps !== undefined && done >= options.steps) break;
      await sleep(options.intervalMs, stopped.signal);
    }
  } finally {
    stopped.abort();
    await moving;
    await receiver?.close();
  }
  return done;
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
