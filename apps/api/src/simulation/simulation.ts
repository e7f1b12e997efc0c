import { Faker, base, en, en_US } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { driverVehicles, rides, transactions, users, vehicles } from '../db/schema';
import { notificationFor, notify } from '../lib/notify';
import {
  CANCEL_REASONS,
  CITIES,
  COMPANY_MAILBOXES,
  DRIVER_GENDER_SHARES,
  PASSENGER_GENDER_SHARES,
  PAYMENT_METHODS,
} from '../seed/catalog';
import { rowsOf, slug } from '../seed/common';
import {
  address,
  companyDocuments,
  companyNameOf,
  driverLicence,
  fare,
  person,
  phone,
} from '../seed/demo';
import {
  addImage,
  avatar,
  documentCard,
  holdingLicence,
  initials,
  PALETTE,
  vehiclePhoto,
  type VehicleView,
  writeImages,
  type ImageFile,
} from '../seed/images';

/**
 * Realistic marketplace activity, one event per step: people register and
 * wait for approval, passengers request trips, drivers move them from
 * Pending to Complete (paid), some are cancelled. Every step is one
 * transaction and notifies the operators the way the real writers do.
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

type Simulator = {
  /** One event (or the given one); null when it had nothing to act on (e.g. no live trip). */
  step(event?: SimulationEvent): Promise<StepResult>;
};

const nextStatus = { Pending: 'Accept', Accept: 'Start', Start: 'End', End: 'Complete' } as const;
type LiveStatus = keyof typeof nextStatus;

export function createSimulator(database: Database, options: { uploadDir: string }): Simulator {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(Date.now() % 2 ** 31);
  const emails = new Set<string>();
  const { db } = database;

  /** An e-mail no account has: a person's address with a short random suffix. */
  const freshEmail = (email: string) => {
    const [local, domain] = email.split('@');
    return `${local}.${faker.string.numeric(5)}@${domain}`.toLowerCase();
  };

  const images = async (files: ImageFile[]) => writeImages(options.uploadDir, files);

  const randomId = async (tx: Tx, query: ReturnType<typeof sql>) => {
    const [row] = await rowsOf<{ id: number }>(tx, query);
    return row?.id;
  };

  const events: Record<SimulationEvent, (tx: Tx, files: ImageFile[]) => Promise<string | null>> = {
    async company(tx, files) {
      const companyName = companyNameOf(faker);
      const city = faker.helpers.arrayElement(CITIES);
      const email = `${faker.helpers.arrayElement(COMPANY_MAILBOXES)}.${faker.string.numeric(4)}@${slug(companyName)}.com`;
      const accent = faker.helpers.arrayElement(PALETTE);
      const [row] = await tx
        .insert(users)
        .values({
          role: 'Company',
          name: faker.person.fullName(),
          email,
          phone: phone(faker),
          companyName,
          profile: addImage(files, avatar(initials(companyName), accent, 'square')),
          companyDoc: companyDocuments(faker, files, { name: companyName, accent, city }),
          approval: 'Pending',
        })
        .returning({ id: users.id });
      await notify(tx, notificationFor.companyRegistered({ id: row!.id, companyName, email }));
      return `company ${companyName} registered`;
    },

    async driver(tx, files) {
      const [company] = await rowsOf<{ id: number; name: string; vehicle_id: number | null }>(
        tx,
        sql`select c.id, c.company_name as name,
                   (select v.id from vehicles v where v.company_id = c.id and v.deleted_at is null
                    order by random() limit 1) as vehicle_id
            from users c where c.role = 'Company' and c.approval = 'Approved' and c.deleted_at is null
            order by random() limit 1`,
      );
      if (!company) return null;
      const someone = person(faker, DRIVER_GENDER_SHARES, emails);
      const background = faker.helpers.arrayElement(PALETTE);
      const [row] = await tx
        .insert(users)
        .values({
          role: 'Driver',
          name: someone.name,
          email: freshEmail(someone.email),
          phone: phone(faker),
          gender: someone.gender,
          dob: faker.date
            .between({ from: '1965-01-01T00:00:00Z', to: '2003-12-31T23:59:59Z' })
            .toISOString()
            .slice(0, 10),
          companyId: company.id,
          profile: addImage(files, avatar(initials(someone.name), background, 'round')),
          holdingDl: addImage(files, holdingLicence(someone.name, background)),
          dlFront: driverLicence(faker, files, someone.name),
          approval: 'Pending',
        })
        .returning({ id: users.id });
      if (company.vehicle_id !== null) {
        await tx
          .insert(driverVehicles)
          .values({ driverId: row!.id, vehicleId: company.vehicle_id });
      }
      await notify(
        tx,
        notificationFor.driverRegistered({
          id: row!.id,
          name: someone.name,
          companyName: company.name,
        }),
      );
      return `driver ${someone.name} registered with ${company.name}`;
    },

    async vehicle(tx, files) {
      const [pick] = await rowsOf<{
        company_id: number;
        company: string;
        model_id: number;
        brand_id: number;
        brand: string;
        model: string;
        service_type_id: number;
        vehicle_type_id: number;
      }>(
        tx,
        sql`select c.id as company_id, c.company_name as company, m.id as model_id, b.id as brand_id,
                   b.name as brand, m.name as model,
                   (select id from service_types order by random() limit 1) as service_type_id,
                   (select id from vehicle_types order by random() limit 1) as vehicle_type_id
            from (select id, company_name from users
                  where role = 'Company' and approval = 'Approved' and deleted_at is null
                  order by random() limit 1) c
            cross join lateral (select id, brand_id, name from models order by random() limit 1) m
            join brands b on b.id = m.brand_id`,
      );
      const [color] = await rowsOf<{ id: number; name: string }>(
        tx,
        sql`select id, name from colors order by random() limit 1`,
      );
      if (!pick || !color) return null;
      const plate = `${faker.string.alpha({ length: 3, casing: 'upper' })}-${faker.string.numeric(4)}`;
      const label = `${color.name} ${pick.brand} ${pick.model}`;
      const paint = faker.helpers.arrayElement(PALETTE);
      const photo = (view: VehicleView) =>
        addImage(files, vehiclePhoto(view, paint, plate, `${label}, ${view} view`));
      const doc = (title: string) =>
        addImage(
          files,
          documentCard({
            title,
            accent: '#2f4858',
            lines: [`Plate ${plate}`, label, `Owner ${pick.company}`],
          }),
        );
      const [row] = await tx
        .insert(vehicles)
        .values({
          companyId: pick.company_id,
          serviceTypeId: pick.service_type_id,
          vehicleTypeId: pick.vehicle_type_id,
          brandId: pick.brand_id,
          modelId: pick.model_id,
          colorId: color.id,
          licenseNumber: plate,
          approval: 'Pending',
          registrationFront: doc('Registration front'),
          registrationBack: doc('Registration back'),
          insurance: doc('Insurance'),
          vehicleFront: photo('front'),
          vehicleBack: photo('back'),
          vehicleRight: photo('right'),
          vehicleLeft: photo('left'),
        })
        .returning({ id: vehicles.id });
      await notify(
        tx,
        notificationFor.vehicleRegistered({
          id: row!.id,
          label: `${label} (${plate})`,
          companyName: pick.company,
        }),
      );
      return `vehicle ${plate} added by ${pick.company}`;
    },

    async passenger(tx, files) {
      const someone = person(faker, PASSENGER_GENDER_SHARES, emails);
      const [row] = await tx
        .insert(users)
        .values({
          role: 'User',
          name: someone.name,
          email: freshEmail(someone.email),
          phone: phone(faker),
          gender: someone.gender,
          profile: addImage(
            files,
            avatar(initials(someone.name), faker.helpers.arrayElement(PALETTE), 'round'),
          ),
          approval: 'Approved',
        })
        .returning({ id: users.id });
      await notify(tx, notificationFor.passengerJoined({ id: row!.id, name: someone.name }));
      return `passenger ${someone.name} joined`;
    },

    async request(tx) {
      const passenger = await randomId(
        tx,
        sql`select id from users where role = 'User' and status = 'Active' and deleted_at is null
            order by random() limit 1`,
      );
      if (passenger === undefined) return null;
      const city = faker.helpers.arrayElement(CITIES);
      const [row] = await tx
        .insert(rides)
        .values({
          userId: passenger,
          amount: fare(faker),
          pickupAddress: address(faker, city),
          dropAddress: address(faker, city),
          rideStatus: 'Pending',
        })
        .returning({ id: rides.id });
      return `trip #${row!.id} requested in ${city.name}`;
    },

    async advance(tx) {
      // The trip waiting longest moves on, as a dispatcher would see it.
      const [ride] = await rowsOf<{ id: number; status: LiveStatus; amount: string }>(
        tx,
        sql`select id, ride_status as status, amount from rides
            where ride_status in ('Pending', 'Accept', 'Start', 'End')
            order by updated_at, id limit 1 for update skip locked`,
      );
      if (!ride) return null;
      const next = nextStatus[ride.status];
      if (next === 'Accept') {
        const [driver] = await rowsOf<{ id: number; company_id: number; vehicle_id: number }>(
          tx,
          sql`select d.id, d.company_id, dv.vehicle_id from users d
              join driver_vehicles dv on dv.driver_id = d.id
              join vehicles v on v.id = dv.vehicle_id and v.approval = 'Approved' and v.deleted_at is null
              join users c on c.id = d.company_id and c.approval = 'Approved' and c.deleted_at is null
              where d.role = 'Driver' and d.approval = 'Approved' and d.status = 'Active'
                and d.deleted_at is null
              order by random() limit 1`,
        );
        if (!driver) return null;
        await tx.execute(
          sql`update rides set ride_status = 'Accept', driver_id = ${driver.id},
                company_id = ${driver.company_id}, vehicle_id = ${driver.vehicle_id}, updated_at = now()
              where id = ${ride.id}`,
        );
      } else {
        await tx.execute(
          sql`update rides set ride_status = ${next}, updated_at = now() where id = ${ride.id}`,
        );
      }
      if (next === 'Complete') {
        await tx.insert(transactions).values({
          transactionId: `TXN${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`,
          rideId: ride.id,
          amount: ride.amount,
          paymentMethod: faker.helpers.weightedArrayElement(PAYMENT_METHODS),
        });
        return `trip #${ride.id} completed, $${ride.amount} paid`;
      }
      return `trip #${ride.id} ${ride.status} -> ${next}`;
    },

    async cancel(tx) {
      const [ride] = await rowsOf<{ id: number; pickup: string }>(
        tx,
        sql`select id, pickup_address as pickup from rides where ride_status in ('Pending', 'Accept')
            order by random() limit 1 for update skip locked`,
      );
      if (!ride) return null;
      const reason = faker.helpers.arrayElement(CANCEL_REASONS);
      await tx.execute(
        sql`update rides set ride_status = 'Cancel', cancel_reason = ${reason}, updated_at = now()
            where id = ${ride.id}`,
      );
      await notify(tx, notificationFor.tripCancelled({ id: ride.id, pickup: ride.pickup, reason }));
      return `trip #${ride.id} cancelled: ${reason}`;
    },
  };

  return {
    async step(event = faker.helpers.weightedArrayElement(WEIGHTS)) {
      const files: ImageFile[] = [];
      const summary = await db.transaction((tx) => events[event](tx, files));
      if (files.length > 0) await images(files);
      return summary === null ? null : { event, summary };
    },
  };
}

/**
 * Runs steps at a steady, watchable pace until `signal` aborts or `steps`
 * have run. A failed step is reported and the next one goes on.
 */
export async function runSimulation(
  database: Database,
  options: {
    uploadDir: string;
    intervalMs: number;
    steps?: number;
    signal?: AbortSignal;
    log: (line: string) => void;
  },
): Promise<number> {
  const simulator = createSimulator(database, options);
  let done = 0;
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
