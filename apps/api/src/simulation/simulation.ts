import { randomUUID } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import {
  IDEMPOTENCY_HEADER,
  integrationDocuments,
  integrationPayments,
  integrationPeople,
  integrationTrips,
  integrationVehicles,
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
  CITIES,
  COLORS,
  COMPANY_MAILBOXES,
  DRIVER_GENDER_SHARES,
  PASSENGER_GENDER_SHARES,
  PAYMENT_METHODS,
  VEHICLE_TYPES,
} from '../seed/catalog';
import { slug } from '../seed/common';
import { address, companyNameOf, fare, person, phone } from '../seed/demo';
import { startReceiver, type Receiver, type WebhookMessage } from './receiver';

/*
 * The marketplace simulator (issue 44): a client of Cabdesk like any
 * marketplace backend. It registers companies, vehicles, drivers and
 * passengers and runs trips through the integration API with a key of its
 * own, and hears Cabdesk's decisions through a webhook receiver. It never
 * touches the database: what it knows of its marketplace is what it sent and
 * what the webhooks told it, so a driver takes trips only once the simulator
 * has heard that the desk approved them.
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
  pickup: string;
  drop: string;
  amount: string;
  status: 'created' | 'accepted' | 'started' | 'ended';
};

const NEXT = {
  created: 'accepted',
  accepted: 'started',
  started: 'ended',
  ended: 'completed',
} as const;

export type Simulator = {
  /** One event (or the given one); null when it had nothing to act on (e.g. no live trip). */
  step(event?: SimulationEvent): Promise<StepResult>;
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

export function createSimulator(options: { baseUrl: string; key: string }): Simulator {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(Date.now() % 2 ** 31);
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
  const now = () => new Date().toISOString();

  // The marketplace as the simulator knows it.
  const companies: { id: string; name: string }[] = [];
  /** Each vehicle's company. */
  const vehicles = new Map<string, string>();
  const drivers = new Map<string, { company: string; name: string }>();
  const passengers: string[] = [];
  const approvedDrivers = new Set<string>();
  const trips: Trip[] = [];

  /** An approved driver whose company has a vehicle, for a trip. */
  const freeDriver = () => {
    const busy = new Set(trips.map((t) => t.driver));
    const ready = [...approvedDrivers].filter((id) => !busy.has(id));
    for (const id of faker.helpers.shuffle(ready)) {
      const company = drivers.get(id)!.company;
      const fleet = [...vehicles].filter(([, owner]) => owner === company);
      if (fleet.length > 0) return { driver: id, vehicle: faker.helpers.arrayElement(fleet)[0] };
    }
    return null;
  };

  const tripEvent = (trip: Trip, event: TripRequest['event'], extra: Partial<TripRequest> = {}) =>
    post<{ id: number }>(integrationTrips, {
      external_id: trip.externalId,
      event,
      at: now(),
      user_external_id: trip.user,
      driver_external_id: trip.driver,
      vehicle_external_id: trip.vehicle,
      pickup_address: trip.pickup,
      drop_address: trip.drop,
      amount: trip.amount,
      ...extra,
    } satisfies TripRequest);

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
      const someone = person(faker, DRIVER_GENDER_SHARES, emails);
      const id = newId('d');
      await post(integrationPeople, {
        external_id: id,
        user_type: 'Driver',
        name: someone.name,
        email: freshEmail(someone.email),
        phone: phone(faker),
        gender: someone.gender,
        dob: faker.date
          .between({ from: '1965-01-01T00:00:00Z', to: '2003-12-31T23:59:59Z' })
          .toISOString()
          .slice(0, 10),
        company_external_id: company.id,
      } satisfies PersonRequest);
      drivers.set(id, { company: company.id, name: someone.name });
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
      const brand = faker.helpers.arrayElement(BRANDS);
      const model = faker.helpers.arrayElement(brand.models);
      const type = VEHICLE_TYPES.find((t) => t.title === model.type)!;
      const plate = `${faker.string.alpha({ length: 3, casing: 'upper' })}-${faker.string.numeric(4)}`;
      const id = newId('v');
      await post(integrationVehicles, {
        external_id: id,
        company_external_id: company.id,
        service_type: model.service,
        vehicle_type: type.title,
        seats: type.seats,
        brand: brand.name,
        model: model.name,
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
      const city = faker.helpers.arrayElement(CITIES);
      const trip: Trip = {
        externalId: newId('t'),
        user: faker.helpers.arrayElement(passengers),
        pickup: address(faker, city),
        drop: address(faker, city),
        amount: fare(faker),
        status: 'created',
      };
      const saved = await tripEvent(trip, 'created');
      trips.push(trip);
      return `trip #${saved.id} requested in ${city.name}`;
    },

    async advance() {
      // The trip waiting longest moves on; a trip waits for a driver the desk approved.
      const assignable = freeDriver();
      const trip = trips.find((t) => t.status !== 'created' || assignable);
      if (!trip) return null;
      const next = NEXT[trip.status];
      if (next === 'accepted') Object.assign(trip, assignable);
      const saved = await tripEvent(trip, next);
      if (next !== 'completed') {
        trip.status = next;
        return next === 'accepted'
          ? `trip #${saved.id} accepted by ${drivers.get(trip.driver!)!.name}`
          : `trip #${saved.id} ${next}`;
      }
      trips.splice(trips.indexOf(trip), 1);
      await post(integrationPayments, {
        external_id: `${trip.externalId}-pay`,
        trip_external_id: trip.externalId,
        amount: trip.amount,
        payment_method: faker.helpers.weightedArrayElement(PAYMENT_METHODS),
        at: now(),
      } satisfies PaymentRequest);
      return `trip #${saved.id} completed, $${trip.amount} paid`;
    },

    async cancel() {
      const waiting = trips.filter((t) => t.status === 'created' || t.status === 'accepted');
      if (waiting.length === 0) return null;
      const trip = faker.helpers.arrayElement(waiting);
      const reason = faker.helpers.arrayElement(CANCEL_REASONS);
      const saved = await tripEvent(trip, 'cancelled', { reason });
      trips.splice(trips.indexOf(trip), 1);
      return `trip #${saved.id} cancelled: ${reason}`;
    },
  };

  return {
    approvedDrivers,
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
          return `driver ${name} no longer drives`;
        }
      }
      if (type === 'trip.cancelled' && externalId) {
        const trip = trips.find((t) => t.externalId === externalId);
        if (trip) {
          trips.splice(trips.indexOf(trip), 1);
          return `trip #${String(data.id)} cancelled at the desk`;
        }
      }
      return null;
    },
  };
}

/** What the simulator needs of Cabdesk: a key, and the secret of the endpoint pointing at its receiver. */
export type Credentials = { key: string; secret: string };

/**
 * Starts the receiver (on loopback, at `receiverPort` or a free port), gets
 * the credentials for its URL, then runs steps at a steady, watchable pace
 * until `signal` aborts or `steps` have run. A failed step is reported and
 * the next one goes on.
 */
export async function runSimulation(options: {
  baseUrl: string;
  credentials: (receiverUrl: string) => Promise<Credentials>;
  receiverPort?: number;
  intervalMs: number;
  steps?: number;
  signal?: AbortSignal;
  log: (line: string) => void;
}): Promise<number> {
  let simulator: Simulator | undefined;
  let receiver: Receiver | undefined;
  let done = 0;
  try {
    receiver = await startReceiver(options.receiverPort ?? 0, (message) => {
      const heard = simulator?.hear(message);
      if (heard) options.log(`${'webhook'.padEnd(9)} ${heard}`);
    });
    const { key, secret } = await options.credentials(receiver.url);
    receiver.verifyWith(secret);
    simulator = createSimulator({ baseUrl: options.baseUrl, key });
    options.log(`receiving webhooks at ${receiver.url}`);
    while (!options.signal?.aborted && (options.steps === undefined || done < options.steps)) {
      try {
        const result = await simulator.step();
        if (result) options.log(`${result.event.padEnd(9)} ${result.summary}`);
      } catch (err) {
        options.log(`step failed: ${(err as Error).message}`);
      }
      done++;
      if (options.steps !== undefined && done >= options.steps) break;
      await sleep(options.intervalMs, options.signal);
    }
  } finally {
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
