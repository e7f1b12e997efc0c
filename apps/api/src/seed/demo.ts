import type { Faker } from '@faker-js/faker';
import type { Tx } from '../db/client';
import {
  documentExpiries,
  driverVehicles,
  rides,
  transactions,
  users,
  vehicles,
} from '../db/schema';
import {
  ACTIVE_SHARE,
  APPROVAL_SHARES,
  CANCEL_REASONS,
  CANCEL_WITHOUT_DRIVER_SHARE,
  CITIES,
  COMPANY_DOCUMENTS,
  COMPANY_MAILBOXES,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  DRIVER_GENDER_SHARES,
  EXPIRY_SHARES,
  FARE_MIN_CENTS,
  FARE_RANGE_CENTS,
  FARE_SKEW,
  FINISHED_RIDE_SHARES,
  type GenderShares,
  LIVE_RIDE_SHARES,
  PASSENGER_GENDER_SHARES,
  PAYMENT_METHODS,
} from './catalog';
import { insertInBatches, seededFaker, slug, type Lookups, type SeedContext } from './common';
import {
  addImage,
  avatar,
  documentCard,
  holdingLicence,
  initials,
  PALETTE,
  VEHICLE_VIEWS,
  vehiclePhoto,
  writeImages,
  type ImageFile,
} from './images';
import { pickRecent, Timeline, WINDOWS } from './timeline';

/** The demo marketplace: small enough to browse, every record with its own images. */
const DEMO_SIZES = {
  companies: 30,
  vehicles: 120,
  drivers: 150,
  passengers: 300,
  finishedRides: 2_940,
  liveRides: 60,
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

type UserRow = typeof users.$inferInsert;
type City = (typeof CITIES)[number];
type Company = { id: number; createdAt: Date; name: string; city: City; approved: boolean };
type Vehicle = { id: number; companyId: number; approved: boolean };
type Driver = {
  id: number;
  createdAt: Date;
  vehicleId: number;
  companyId: number;
  eligible: boolean;
};
type Ride = typeof rides.$inferInsert & { id: number; createdAt: Date; updatedAt: Date };

function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`seed: index ${index} outside a list of ${list.length}`);
  return value;
}

function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  });
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type ExpiryRow = typeof documentExpiries.$inferInsert;
type Expiries = ReturnType<typeof expiryDrawer>;

/**
 * The expiry dates of the documents of Approved records (reviewed, so their
 * dates were entered), drawn from a faker stream of their own so the rest of
 * the demo does not depend on them. Other records' images show `fallback`, a
 * date in force, for the reviewer to enter.
 */
function expiryDrawer(now: Date) {
  const faker = seededFaker(1);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows: ExpiryRow[] = [];
  return {
    rows,
    date(
      owner: { table: 'users' | 'vehicles'; id: number; approved: boolean },
      document: string,
      fallback: Date,
    ): Date {
      if (!owner.approved) return fallback;
      const [from, to] = faker.helpers.weightedArrayElement(EXPIRY_SHARES);
      const day = new Date(today + faker.number.int({ min: from, max: to }) * DAY_MS);
      rows.push({ tableName: owner.table, recordId: owner.id, document, expiresOn: isoDate(day) });
      return day;
    },
  };
}

/** A value made unique by drawing again; `seen` holds the lower-cased values taken. */
function unique(seen: Set<string>, draw: () => string): string {
  for (;;) {
    const value = draw();
    if (!seen.has(value.toLowerCase())) {
      seen.add(value.toLowerCase());
      return value;
    }
  }
}

export function phone(faker: Faker): string {
  return `${faker.number.int({ min: 2, max: 9 })}${faker.string.numeric(9)}`;
}

function states(faker: Faker): Pick<UserRow, 'status' | 'approval'> {
  return {
    status: faker.datatype.boolean(ACTIVE_SHARE) ? 'Active' : 'Inactive',
    approval: faker.helpers.weightedArrayElement(APPROVAL_SHARES),
  };
}

type Person = { name: string; email: string; gender: 'Male' | 'Female' | 'Other' };

export function person(faker: Faker, genderShares: GenderShares, emails: Set<string>): Person {
  const gender = faker.helpers.weightedArrayElement(genderShares);
  const sex = gender === 'Other' ? faker.person.sexType() : gender === 'Male' ? 'male' : 'female';
  const firstName = faker.person.firstName(sex);
  const lastName = faker.person.lastName();
  const email = unique(emails, () => faker.internet.email({ firstName, lastName }));
  return { name: `${firstName} ${lastName}`, email, gender };
}

/** A company's name: a surname or a word, then a suffix ("Golden Gate Cab Co"). */
export function companyNameOf(faker: Faker): string {
  const first = faker.datatype.boolean()
    ? faker.person.lastName()
    : faker.helpers.arrayElement(COMPANY_WORDS);
  return `${first} ${faker.helpers.arrayElement(COMPANY_SUFFIXES)}`;
}

/**
 * The images of a company's documents (COMPANY_DOCUMENTS, in order): its
 * name, a number, the line `dated` has for it (a validity, an issue date),
 * its city.
 */
function companyDocuments(
  faker: Faker,
  images: ImageFile[],
  company: { name: string; accent: string; city: City },
  dated: readonly string[] = [],
): string[] {
  return COMPANY_DOCUMENTS.map((title, index) =>
    addImage(
      images,
      documentCard({
        title,
        accent: company.accent,
        lines: [
          company.name,
          `Number ${faker.string.alphanumeric({ length: 8, casing: 'upper' })}`,
          ...(dated[index] === undefined ? [] : [dated[index]]),
          `${company.city.name}, ${company.city.state}`,
        ],
      }),
    ),
  );
}

/** The image of a driver licence's front: name, number, birth date and expiry when known, class. */
function driverLicence(
  faker: Faker,
  images: ImageFile[],
  name: string,
  dates: { dob?: string; expires?: string } = {},
): string {
  return addImage(
    images,
    documentCard({
      title: 'Driver licence',
      accent: '#1d5c96',
      withPhoto: true,
      lines: [
        name,
        `DL ${faker.string.alpha({ length: 1, casing: 'upper' })}${faker.string.numeric(7)}`,
        ...(dates.dob === undefined ? [] : [`DOB ${dates.dob}`]),
        'Class E, for hire',
        ...(dates.expires === undefined ? [] : [`Expires ${dates.expires}`]),
      ],
    }),
  );
}

function makeCompanies(faker: Faker, now: Date, images: ImageFile[], expiries: Expiries) {
  const timeline = new Timeline(now, WINDOWS.companies, DEMO_SIZES.companies);
  const slugs = new Set<string>();
  const companies: Company[] = [];
  const rows: UserRow[] = [];
  for (let id = 1; id <= DEMO_SIZES.companies; id++) {
    const createdAt = timeline.at(id, faker.number.float());
    const city = faker.helpers.arrayElement(CITIES);
    let companyName = '';
    const domain = unique(slugs, () => {
      companyName = companyNameOf(faker);
      return slug(companyName);
    });
    const accent = faker.helpers.arrayElement(PALETTE);
    const state = states(faker);
    const licenceUntil = expiries.date(
      { table: 'users', id, approved: state.approval === 'Approved' },
      'business_licence',
      renewedUntil(createdAt, now, 1),
    );
    // The business licence, then the certificate of incorporation (which does not expire).
    const companyDoc = companyDocuments(faker, images, { name: companyName, accent, city }, [
      `Valid until ${formatDate(licenceUntil)}`,
      `Issued ${formatDate(createdAt)}`,
    ]);
    const row: UserRow = {
      id,
      role: 'Company',
      name: faker.person.fullName(),
      email: `${faker.helpers.arrayElement(COMPANY_MAILBOXES)}@${domain}.com`,
      phone: phone(faker),
      profile: addImage(images, avatar(initials(companyName), accent, 'square')),
      companyName,
      companyDoc,
      ...state,
      createdAt,
      updatedAt: createdAt,
    };
    rows.push(row);
    companies.push({
      id,
      createdAt,
      name: companyName,
      city,
      approved: row.approval === 'Approved',
    });
  }
  return { rows, companies, timeline };
}

/** The first anniversary (every `years`) of `from` after `now`: documents in force today. */
function renewedUntil(from: Date, now: Date, years: number): Date {
  let until = from.getTime() + years * YEAR_MS;
  while (until <= now.getTime()) until += years * YEAR_MS;
  return new Date(until);
}

function vehicleImages(
  faker: Faker,
  images: ImageFile[],
  expiries: Expiries,
  id: number,
  facts: {
    plate: string;
    label: string;
    color: Lookups['colors'][number];
    company: Company;
    createdAt: Date;
    now: Date;
    approved: boolean;
  },
) {
  const { plate, label, color, company, createdAt, now, approved } = facts;
  const owner = { table: 'vehicles' as const, id, approved };
  const registeredUntil = expiries.date(owner, 'registration', renewedUntil(createdAt, now, 2));
  const insuredUntil = expiries.date(owner, 'insurance', renewedUntil(createdAt, now, 1));
  const accent = '#2f4858';
  const photos = Object.fromEntries(
    VEHICLE_VIEWS.map((view) => [
      view,
      addImage(images, vehiclePhoto(view, color.hex, plate, `${label}, ${view} view`)),
    ]),
  );
  return {
    registrationFront: addImage(
      images,
      documentCard({
        title: 'Registration front',
        accent,
        lines: [`Plate ${plate}`, label, `VIN ${faker.vehicle.vin()}`, `Owner ${company.name}`],
      }),
    ),
    registrationBack: addImage(
      images,
      documentCard({
        title: 'Registration back',
        accent,
        lines: [
          `Plate ${plate}`,
          `Registered ${formatDate(createdAt)}`,
          `Expires ${formatDate(registeredUntil)}`,
          `Use: for-hire passenger vehicle, ${company.city.state}`,
        ],
      }),
    ),
    insurance: addImage(
      images,
      documentCard({
        title: 'Insurance certificate',
        accent: '#6e4c9c',
        lines: [
          `Policy ${faker.string.numeric(10)}`,
          `Insured ${company.name}`,
          `Vehicle ${plate}, ${label}`,
          `Valid until ${formatDate(insuredUntil)}`,
        ],
      }),
    ),
    vehicleFront: photos.front,
    vehicleBack: photos.back,
    vehicleRight: photos.right,
    vehicleLeft: photos.left,
  };
}

function makeVehicles(
  faker: Faker,
  now: Date,
  lookups: Lookups,
  companies: ReturnType<typeof makeCompanies>,
  images: ImageFile[],
  expiries: Expiries,
) {
  const timeline = new Timeline(now, WINDOWS.vehicles, DEMO_SIZES.vehicles);
  const plates = new Set<string>();
  const colorShares = lookups.colors.map((color) => ({ value: color, weight: color.weight }));
  const list: Vehicle[] = [];
  const rows: (typeof vehicles.$inferInsert)[] = [];
  for (let id = 1; id <= DEMO_SIZES.vehicles; id++) {
    const createdAt = timeline.at(id, faker.number.float());
    // Only companies registered before the vehicle can own it.
    const company = item(
      companies.companies,
      pickRecent(companies.timeline.existing(createdAt), faker.number.float()),
    );
    const model = faker.helpers.arrayElement(lookups.models);
    const color = faker.helpers.weightedArrayElement(colorShares);
    const plate = unique(
      plates,
      () => `${faker.string.alpha({ length: 3, casing: 'upper' })}-${faker.string.numeric(4)}`,
    );
    const label = `${color.name} ${model.brand} ${model.name}`;
    const approval = faker.helpers.weightedArrayElement(APPROVAL_SHARES);
    rows.push({
      id,
      companyId: company.id,
      serviceTypeId: model.serviceTypeId,
      vehicleTypeId: model.vehicleTypeId,
      brandId: model.brandId,
      modelId: model.id,
      colorId: color.id,
      licenseNumber: plate,
      approval,
      ...vehicleImages(faker, images, expiries, id, {
        plate,
        label,
        color,
        company,
        createdAt,
        now,
        approved: approval === 'Approved',
      }),
      createdAt,
      updatedAt: createdAt,
    });
    list.push({ id, companyId: company.id, approved: approval === 'Approved' && company.approved });
  }
  return { rows, list, timeline };
}

function makeDrivers(
  faker: Faker,
  now: Date,
  companies: ReturnType<typeof makeCompanies>,
  fleet: ReturnType<typeof makeVehicles>,
  images: ImageFile[],
  expiries: Expiries,
) {
  const timeline = new Timeline(now, WINDOWS.drivers, DEMO_SIZES.drivers);
  const emails = new Set<string>();
  const list: Driver[] = [];
  const rows: UserRow[] = [];
  for (let i = 1; i <= DEMO_SIZES.drivers; i++) {
    const id = DEMO_SIZES.companies + i;
    const createdAt = timeline.at(i, faker.number.float());
    // A driver joins with a vehicle that already exists; its owner is the employer.
    const vehicle = item(
      fleet.list,
      pickRecent(fleet.timeline.existing(createdAt), faker.number.float()),
    );
    const company = item(companies.companies, vehicle.companyId - 1);
    const { name, email, gender } = person(faker, DRIVER_GENDER_SHARES, emails);
    const dob = faker.date.between({ from: '1965-01-01T00:00:00Z', to: '2003-12-31T23:59:59Z' });
    const background = faker.helpers.arrayElement(PALETTE);
    const state = states(faker);
    const licenceUntil = expiries.date(
      { table: 'users', id, approved: state.approval === 'Approved' },
      'driver_licence',
      renewedUntil(createdAt, now, 5),
    );
    const row: UserRow = {
      id,
      role: 'Driver',
      name,
      email,
      phone: phone(faker),
      gender,
      dob: isoDate(dob),
      companyId: company.id,
      profile: addImage(images, avatar(initials(name), background, 'round')),
      holdingDl: addImage(images, holdingLicence(name, background)),
      dlFront: driverLicence(faker, images, name, {
        dob: formatDate(dob),
        expires: formatDate(licenceUntil),
      }),
      ...state,
      createdAt,
      updatedAt: createdAt,
    };
    rows.push(row);
    list.push({
      id,
      createdAt,
      vehicleId: vehicle.id,
      companyId: company.id,
      eligible: row.approval === 'Approved' && vehicle.approved,
    });
  }
  return { rows, list };
}

function makePassengers(faker: Faker, now: Date, images: ImageFile[]) {
  const timeline = new Timeline(now, WINDOWS.passengers, DEMO_SIZES.passengers);
  const emails = new Set<string>();
  const rows: UserRow[] = [];
  for (let i = 1; i <= DEMO_SIZES.passengers; i++) {
    const id = DEMO_SIZES.companies + DEMO_SIZES.drivers + i;
    const createdAt = timeline.at(i, faker.number.float());
    const { name, email, gender } = person(faker, PASSENGER_GENDER_SHARES, emails);
    const withPhoto = faker.datatype.boolean(0.65);
    rows.push({
      id,
      role: 'User',
      name,
      email,
      phone: phone(faker),
      gender,
      dob: isoDate(
        faker.date.between({ from: '1950-01-01T00:00:00Z', to: '2006-12-31T23:59:59Z' }),
      ),
      profile: withPhoto
        ? addImage(images, avatar(initials(name), faker.helpers.arrayElement(PALETTE), 'round'))
        : null,
      ...states(faker),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return { rows, timeline };
}

/** How many of the (chronological) drivers were created at or before `time`. */
function countUpTo(drivers: Driver[], time: Date): number {
  let low = 0;
  let high = drivers.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (item(drivers, mid).createdAt <= time) low = mid + 1;
    else high = mid;
  }
  return low;
}

function address(faker: Faker, city: City): string {
  return `${faker.location.buildingNumber()} ${faker.location.street()}, ${city.name}, ${city.state} ${city.zip}${faker.string.numeric(2)}`;
}

export function fare(faker: Faker): string {
  const cents = FARE_MIN_CENTS + Math.floor(FARE_RANGE_CENTS * faker.number.float() ** FARE_SKEW);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Minutes from request to the ride's last change: a trip, a cancellation, or live progress. */
function rideMinutes(faker: Faker, status: Ride['rideStatus']): number {
  if (status === 'Complete') return faker.number.int({ min: 6, max: 45 });
  if (status === 'Cancel') return faker.number.int({ min: 1, max: 5 });
  return faker.number.int({ min: 0, max: 3 });
}

function makeRides(
  faker: Faker,
  now: Date,
  companies: Company[],
  drivers: Driver[],
  passengers: ReturnType<typeof makePassengers>,
  fleet: (typeof vehicles.$inferInsert)[],
) {
  // The service type asked for: the vehicle's when the trip has one, else one in
  // turn (no draw of the faker, so every other value of the seed stays as it was).
  const serviceTypeIds = [...new Set(fleet.map((vehicle) => vehicle.serviceTypeId))].sort(
    (a, b) => a - b,
  );
  const serviceTypeOf = (vehicleId: number | null, id: number) =>
    vehicleId === null
      ? item(serviceTypeIds, id % serviceTypeIds.length)
      : item(fleet, vehicleId - 1).serviceTypeId;
  const finished = new Timeline(now, WINDOWS.finishedRides, DEMO_SIZES.finishedRides);
  const live = new Timeline(now, WINDOWS.liveRides, DEMO_SIZES.liveRides);
  const eligible = drivers.filter((driver) => driver.eligible);
  const firstPassenger = DEMO_SIZES.companies + DEMO_SIZES.drivers + 1;
  const list: Ride[] = [];
  for (let id = 1; id <= DEMO_SIZES.finishedRides + DEMO_SIZES.liveRides; id++) {
    const isLive = id > DEMO_SIZES.finishedRides;
    const createdAt = isLive
      ? live.at(id - DEMO_SIZES.finishedRides, faker.number.float())
      : finished.at(id, faker.number.float());
    const rideStatus = faker.helpers.weightedArrayElement(
      isLive ? LIVE_RIDE_SHARES : FINISHED_RIDE_SHARES,
    );
    const hasDriver =
      rideStatus !== 'Pending' &&
      !(rideStatus === 'Cancel' && faker.datatype.boolean(CANCEL_WITHOUT_DRIVER_SHARE));
    const passenger =
      firstPassenger + pickRecent(passengers.timeline.existing(createdAt), faker.number.float());
    const driver = hasDriver
      ? item(
          eligible,
          pickRecent(Math.max(1, countUpTo(eligible, createdAt)), faker.number.float()),
        )
      : undefined;
    const city = driver
      ? item(companies, driver.companyId - 1).city
      : faker.helpers.arrayElement(CITIES);
    list.push({
      id,
      userId: passenger,
      driverId: driver?.id ?? null,
      companyId: driver?.companyId ?? null,
      vehicleId: driver?.vehicleId ?? null,
      serviceTypeId: serviceTypeOf(driver?.vehicleId ?? null, id),
      amount: fare(faker),
      pickupAddress: address(faker, city),
      dropAddress: address(faker, city),
      rideStatus,
      cancelReason: rideStatus === 'Cancel' ? faker.helpers.arrayElement(CANCEL_REASONS) : null,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + rideMinutes(faker, rideStatus) * MINUTE_MS),
    });
  }
  return list;
}

/** One payment per completed ride, taken when the trip ended. */
function makeTransactions(faker: Faker, list: Ride[]): (typeof transactions.$inferInsert)[] {
  const ids = new Set<string>();
  return list
    .filter((ride) => ride.rideStatus === 'Complete')
    .map((ride) => ({
      transactionId: unique(
        ids,
        () => `TXN${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`,
      ),
      rideId: ride.id,
      amount: ride.amount,
      paymentMethod: faker.helpers.weightedArrayElement(PAYMENT_METHODS),
      createdAt: ride.updatedAt,
    }));
}

/** Builds the whole demo marketplace in memory, writes its images, then inserts it. */
export async function seedDemo(tx: Tx, lookups: Lookups, context: SeedContext): Promise<number> {
  const { now, log } = context;
  const faker = seededFaker();
  const images: ImageFile[] = [];
  const expiries = expiryDrawer(now);
  const companies = makeCompanies(faker, now, images, expiries);
  const fleet = makeVehicles(faker, now, lookups, companies, images, expiries);
  const drivers = makeDrivers(faker, now, companies, fleet, images, expiries);
  const passengers = makePassengers(faker, now, images);
  const rideList = makeRides(faker, now, companies.companies, drivers.list, passengers, fleet.rows);
  const payments = makeTransactions(faker, rideList);

  await writeImages(context.uploadDir, images);
  log(`wrote ${images.length} images under ${context.uploadDir}`);
  await insertInBatches(tx, users, companies.rows);
  await insertInBatches(tx, vehicles, fleet.rows);
  await insertInBatches(tx, users, [...drivers.rows, ...passengers.rows]);
  await insertInBatches(
    tx,
    driverVehicles,
    drivers.list.map((driver) => ({ driverId: driver.id, vehicleId: driver.vehicleId })),
  );
  log(
    `users, vehicles: ${companies.rows.length + drivers.rows.length + passengers.rows.length}, ${fleet.rows.length}`,
  );
  await insertInBatches(tx, documentExpiries, expiries.rows);
  log(`document expiry dates: ${expiries.rows.length}`);
  await insertInBatches(tx, rides, rideList);
  await insertInBatches(tx, transactions, payments);
  log(`rides, transactions: ${rideList.length}, ${payments.length}`);
  return images.length;
}
