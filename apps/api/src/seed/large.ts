import type { Faker } from '@faker-js/faker';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
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
  COUPON_MIN_CENTS,
  COUPON_RANGE_CENTS,
  COUPON_SHARE,
  DRIVER_GENDER_SHARES,
  FARE_MIN_CENTS,
  FARE_RANGE_CENTS,
  FARE_SKEW,
  FINISHED_RIDE_SHARES,
  type GenderShares,
  LIVE_RIDE_SHARES,
  MAIL_DOMAINS,
  PASSENGER_GENDER_SHARES,
  PAYMENT_METHODS,
  SERVICE_TYPES,
} from './catalog';
import { seededFaker, slug, timed, type Lookups, type SeedContext } from './common';
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
import { pickRecentSql, Timeline, WINDOWS } from './timeline';
import { withoutIndexes } from './bulk-load';
import type { SeedScale } from './seed';

/**
 * The generated marketplaces for benchmarks: large (250,000 users, 1,000,000
 * rides) and small (the same at 1%: 2,500 users, 10,000 rides). Every
 * row is made by set-based SQL over generate_series: each column is a
 * deterministic pseudo-random function of the row number (a hash of it with a
 * per-column salt), names and streets are picked from word lists drawn once
 * with faker and passed in as one JSON parameter. Rows are numbered in
 * creation order like the demo (see timeline.ts), so references always point
 * at records that existed before.
 */
const LARGE_SIZES = {
  companies: 2_000,
  vehicles: 15_000,
  drivers: 20_000,
  passengers: 228_000,
  finishedRides: 998_000,
  liveRides: 2_000,
};
type Sizes = typeof LARGE_SIZES;

/** The large scale at 1%, same shape and word lists: what "flat in size" compares it with. */
const SMALL_SIZES: Sizes = {
  companies: 20,
  vehicles: 150,
  drivers: 200,
  passengers: 2_280,
  finishedRides: 9_980,
  liveRides: 20,
};

/** Rides per INSERT: few statements keep the statement-level counter triggers cheap. */
const RIDE_BATCH = 250_000;
/** Images are a fixed pool reused by many rows, not a file per row. */
const POOL_SIZE = 20;

/** Transaction ids embed the ride id in their low 21 bits, which keeps them unique. */
const RIDE_ID_BITS = 21;
const PLATE_LETTER_SPACE = 26 ** 3;
/** A prime multiplier: i -> (i * PERMUTE) mod n is a bijection when n is not a multiple of it. */
const PERMUTE = 7919;

const DAY_S = 86_400;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * Ends a CTE whose columns later steps use more than once: PostgreSQL pulls a
 * plain subquery up into the query that reads it and evaluates its expression at
 * every reference (a ride's time, a hash and a CASE, at each use of it); a subquery with
 * an OFFSET stays a step of its own, evaluated once a row, without being stored as
 * a MATERIALIZED one is.
 */
const FENCE = 'offset 0';
/** PostgreSQL's `name` holds up to 63 bytes. */
const NAME_BYTES = 64;

// ---------------------------------------------------------------- pseudo-random SQL

/** A stable 31-bit salt per column name (FNV-1a), so columns draw independently. */
function salt(name: string): number {
  let h = 0x811c9dc5;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return (h >>> 0) & 0x7fffffff;
}

/** Uniform integer in [0, 2^31) from a row number and a column name. */
function hash(index: string, name: string): string {
  return `(hashint8extended((${index})::bigint, ${salt(name)}) & 2147483647)`;
}

/** Uniform float in [0, 1). */
function unit(index: string, name: string): string {
  return `(${hash(index, name)}::float8 / 2147483648.0)`;
}

/** Uniform int in [0, n). */
function below(index: string, name: string, n: number | string): string {
  return `(${hash(index, name)} % (${n}))::int`;
}

/** A value chosen with the catalog's weights, as an SQL literal of `type`. */
function weighted(
  shares: readonly { value: string; weight: number }[],
  index: string,
  name: string,
  type: string,
): string {
  const total = shares.reduce((sum, share) => sum + share.weight, 0);
  let cumulative = 0;
  const branches = shares.slice(0, -1).map((share) => {
    cumulative += share.weight;
    return `when ${unit(index, name)} < ${cumulative / total} then '${share.value}'`;
  });
  return `(case ${branches.join(' ')} else '${shares.at(-1)?.value}' end)::${type}`;
}

function activeStatus(index: string, name: string): string {
  return `(case when ${unit(index, name)} < ${ACTIVE_SHARE} then 'Active' else 'Inactive' end)::active_status`;
}

/** The word list of the pool's images of a kind (`company-licence`: `image_company_licence`). */
const imageKey = (kind: string) => `image_${kind.replaceAll('-', '_')}`;

function phone(index: string, name: string): string {
  return `(2 + ${below(index, `${name}.area`, 8)})::text || lpad(${below(index, `${name}.line`, 1_000_000_000)}::text, 9, '0')`;
}

function dateBetween(from: string, to: string, index: string, name: string): string {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / (DAY_S * 1000));
  return `(date '${from}' + ${below(index, name, days + 1)})`;
}

/** i -> ((i - 1) * PERMUTE + offset) mod n: each i in 1..n lands on its own value. */
function permute(index: string, n: number, offset: number): string {
  if (n % PERMUTE === 0) throw new Error(`seed: ${n} is a multiple of ${PERMUTE}`);
  return `((((${index}) - 1) * ${PERMUTE} + ${offset}) % ${n})`;
}

// ---------------------------------------------------------------- word lists

type Words = Record<string, readonly (string | number)[]>;

/** Distinct values of `count` draws, in the order drawn. */
function distinct(count: number, draw: () => string): string[] {
  return [...new Set(Array.from({ length: count }, draw))];
}

/** Common colours come up more often: each repeated by its weight. */
const paintsOf = (lookups: Lookups) =>
  lookups.colors.flatMap((color) => Array<typeof color>(color.weight).fill(color));

function wordLists(faker: Faker, lookups: Lookups): Words {
  const words = new Set(COMPANY_WORDS.map(slug));
  const surnames = distinct(600, () => faker.person.lastName()).filter((name) => {
    if (words.has(slug(name))) return false;
    words.add(slug(name));
    return true;
  });
  const paints = paintsOf(lookups);
  const lists = {
    male: distinct(400, () => faker.person.firstName('male')),
    female: distinct(400, () => faker.person.firstName('female')),
    last: distinct(1_000, () => faker.person.lastName()),
    street: distinct(800, () => faker.location.street()),
    company_prefix: [...COMPANY_WORDS, ...surnames.slice(0, 300)],
    company_suffix: COMPANY_SUFFIXES,
    mailbox: COMPANY_MAILBOXES,
    domain: MAIL_DOMAINS,
    city: CITIES.map((city) => `${city.name}, ${city.state}`),
    zip: CITIES.map((city) => city.zip),
    cancel_reason: CANCEL_REASONS,
    model_id: lookups.models.map((model) => model.id),
    brand_id: lookups.models.map((model) => model.brandId),
    vehicle_type_id: lookups.models.map((model) => model.vehicleTypeId),
    service_type_id: lookups.models.map((model) => model.serviceTypeId),
    color_id: paints.map((color) => color.id),
  };
  // A ride's runs of digits are written from its parts (ridesSql): a city holds no
  // digit, a zip nothing else, and a company's name (the end of its search text) ends
  // in a letter.
  for (const key of ['city', 'company_prefix', 'company_suffix'] as const) {
    const bad = lists[key].find((text) => /[0-9]/.test(String(text)));
    if (bad !== undefined) throw new Error(`seed: a ${key} word holds a digit: ${bad}`);
  }
  if (!lists.zip.every((zip) => /^[0-9]+$/.test(zip)))
    throw new Error('seed: a zip holds more than digits');
  // What ride_digits() finds in each street name ("W 9th Street": "9").
  const streetDigits = lists.street.map((street) => street.match(/[0-9]+/g)?.join(' ') ?? '');
  return { ...lists, street_digits: streetDigits };
}

/**
 * How `w` holds a word list. A subscript of a text[] walks the array from its
 * start, its elements varying in length (about 1.2 µs to pick from the 800
 * streets, twice a ride); `name` is 64 bytes wide, so a name[] subscript is an
 * offset. Lists of shorter words are name[], numbers int[].
 */
function elementType(list: readonly (string | number)[]): 'int' | 'name' | 'text' {
  if (list.every((value) => typeof value === 'number')) return 'int';
  return list.every((value) => Buffer.byteLength(String(value)) < NAME_BYTES) ? 'name' : 'text';
}

/** `w`: one row holding every word list as an array (elementType). */
function wordsCte(words: Words): SQL {
  const columns = Object.entries(words).map(
    ([key, list]) =>
      `array(select x::${elementType(list)} from jsonb_array_elements_text(j -> '${key}') with ordinality t(x, n) order by n) as ${key}`,
  );
  return sql`w as (select ${sql.raw(columns.join(', '))} from (select ${JSON.stringify(words)}::jsonb as j) p)`;
}

function length(words: Words, key: string): number {
  const list = words[key];
  if (!list?.length) throw new Error(`seed: empty word list ${key}`);
  return list.length;
}

/** Element `index` (1-based SQL) of word list `key`: an int, or text. */
function at(words: Words, key: string, index: string): string {
  const type = elementType(words[key] ?? []);
  return `w.${key}[${index}]${type === 'name' ? '::text' : ''}`;
}

/** A random element of word list `key` as SQL. */
function word(words: Words, key: string, index: string, name: string): string {
  return at(words, key, `1 + ${below(index, name, length(words, key))}`);
}

/** One of the pool's images of a kind. */
function poolImage(words: Words, kind: string, index: string, name: string): string {
  return word(words, imageKey(kind), index, name);
}

/** A statement whose first CTE is `w`; `rest` goes on with `, name as (...)` or the INSERT. */
function withWords(words: Words, rest: string): SQL {
  return sql`with ${wordsCte(words)}${sql.raw(rest)}`;
}

// ---------------------------------------------------------------- statements

type Plan = { sizes: Sizes; words: Words; timelines: ReturnType<typeof timelines> };

function timelines(now: Date, sizes: Sizes) {
  return {
    companies: new Timeline(now, WINDOWS.companies, sizes.companies),
    vehicles: new Timeline(now, WINDOWS.vehicles, sizes.vehicles),
    drivers: new Timeline(now, WINDOWS.drivers, sizes.drivers),
    passengers: new Timeline(now, WINDOWS.passengers, sizes.passengers),
    finishedRides: new Timeline(now, WINDOWS.finishedRides, sizes.finishedRides),
    liveRides: new Timeline(now, WINDOWS.liveRides, sizes.liveRides),
  };
}

/** User ids: companies first, then drivers, then passengers. */
const firstDriver = (sizes: Sizes) => sizes.companies + 1;
const firstPassenger = (sizes: Sizes) => firstDriver(sizes) + sizes.drivers;
const rideCount = (sizes: Sizes) => sizes.finishedRides + sizes.liveRides;

function companiesSql({ sizes, words, timelines: t }: Plan): SQL {
  const prefixes = length(words, 'company_prefix');
  const names = prefixes * length(words, 'company_suffix');
  if (names < sizes.companies) throw new Error('seed: too few distinct company names');
  // A bijection of the row number onto (prefix, suffix) pairs: no two companies share a name.
  const pair = permute('g', names, 13);
  const doc = (kind: string, step: number) =>
    at(words, imageKey(kind), `1 + (k + ${step}) % ${POOL_SIZE}`);
  return withWords(
    words,
    `, c as (
      select g, ${t.companies.epochSql('g', unit('g', 'company.created'))} as epoch,
        ${at(words, 'company_prefix', `1 + (${pair} % ${prefixes})::int`)} || ' '
          || ${at(words, 'company_suffix', `1 + (${pair} / ${prefixes})::int`)} as company_name,
        ${below('g', 'company.docs', POOL_SIZE)} as k
      from generate_series(1, ${sizes.companies}) g cross join w
    )
    insert into users (id, role, name, email, phone, profile, status, approval, company_name, company_doc,
                       created_at, updated_at)
    select g, 'Company',
      ${word(words, 'male', 'g', 'company.first')} || ' ' || ${word(words, 'last', 'g', 'company.last')},
      ${word(words, 'mailbox', 'g', 'company.mailbox')} || '@'
        || lower(regexp_replace(company_name, '[^A-Za-z0-9]', '', 'g')) || '.com',
      ${phone('g', 'company.phone')},
      ${poolImage(words, 'company-logo', 'g', 'company.logo')},
      ${activeStatus('g', 'company.status')},
      ${weighted(APPROVAL_SHARES, 'g', 'company.approval', 'approval')},
      company_name,
      array[${doc('company-licence', 0)}, ${doc('company-certificate', 7)}],
      to_timestamp(epoch), to_timestamp(epoch)
    from c cross join w`,
  );
}

function vehiclesSql({ sizes, words, timelines: t }: Plan): SQL {
  if (sizes.vehicles > PLATE_LETTER_SPACE)
    throw new Error('seed: more vehicles than plate letter codes');
  // Plate letters are a bijection of the row number, so plates are unique whatever the digits.
  const code = permute('g', PLATE_LETTER_SPACE, 4_211);
  const letter = (place: number) => `chr(65 + (${code} / ${place} % 26)::int)`;
  const photo = (view: string) => at(words, imageKey(`vehicle-${view}`), '1 + p');
  return withWords(
    words,
    `, v as (
      select g, ${t.vehicles.epochSql('g', unit('g', 'vehicle.created'))} as epoch,
        ${below('g', 'vehicle.model', length(words, 'model_id'))} as m,
        ${below('g', 'vehicle.color', length(words, 'color_id'))} as p
      from generate_series(1, ${sizes.vehicles}) g
    )
    insert into vehicles (id, company_id, service_type_id, vehicle_type_id, brand_id, model_id, color_id,
      license_number, approval, registration_front, registration_back, insurance,
      vehicle_front, vehicle_back, vehicle_right, vehicle_left, created_at, updated_at)
    select g,
      1 + ${pickRecentSql(t.companies.existingSql('epoch'), unit('g', 'vehicle.company'))},
      ${['service_type_id', 'vehicle_type_id', 'brand_id', 'model_id'].map((key) => at(words, key, '1 + m')).join(', ')},
      ${at(words, 'color_id', '1 + p')},
      ${letter(676)} || ${letter(26)} || ${letter(1)} || '-'
        || lpad(${below('g', 'vehicle.plate', 10_000)}::text, 4, '0'),
      ${weighted(APPROVAL_SHARES, 'g', 'vehicle.approval', 'approval')},
      ${poolImage(words, 'registration-front', 'g', 'vehicle.registration')},
      ${poolImage(words, 'registration-back', 'g', 'vehicle.registration')}, -- one salt: both sides of one specimen
      ${poolImage(words, 'insurance', 'g', 'vehicle.insurance')},
      ${VEHICLE_VIEWS.map(photo).join(', ')},
      to_timestamp(epoch), to_timestamp(epoch)
    from v cross join w`,
  );
}

/** Drivers and the vehicle each joined with (one that existed by then); used by two statements. */
function driversCte({ sizes, timelines: t }: Plan): string {
  return `d as (
    select g, epoch, 1 + ${pickRecentSql(t.vehicles.existingSql('epoch'), unit('g', 'driver.vehicle'))} as vehicle_id
    from (select g, ${t.drivers.epochSql('g', unit('g', 'driver.created'))} as epoch
          from generate_series(1, ${sizes.drivers}) g) x
  )`;
}

/** CTEs from `base` (g, epoch, ...) to `people`: name, e-mail, phone, gender and states. */
function peopleCtes(words: Words, role: string, id: string, shares: GenderShares): string {
  const female = `gender = 'Female' or (gender = 'Other' and ${unit('g', `${role}.sex`)} < 0.5)`;
  return `
    gendered as (
      select base.*, ${weighted(shares, 'g', `${role}.gender`, 'gender')} as gender,
        ${word(words, 'last', 'g', `${role}.last`)} as last_name
      from base cross join w ${FENCE}
    ),
    named as (
      select gendered.*, case when ${female} then ${word(words, 'female', 'g', `${role}.first`)}
                              else ${word(words, 'male', 'g', `${role}.first`)} end as first_name
      from gendered cross join w ${FENCE}
    ),
    people as (
      select named.*, first_name || ' ' || last_name as name,
        lower(regexp_replace(first_name || '.' || last_name, '[^A-Za-z.]', '', 'g')) || ${id} || '@'
          || ${word(words, 'domain', 'g', `${role}.domain`)} as email,
        ${phone('g', `${role}.phone`)} as phone,
        ${activeStatus('g', `${role}.status`)} as status,
        ${weighted(APPROVAL_SHARES, 'g', `${role}.approval`, 'approval')} as approval
      from named cross join w
    )`;
}

function driversSql(plan: Plan): SQL {
  const id = `(${firstDriver(plan.sizes) - 1} + g)`;
  return withWords(
    plan.words,
    `, ${driversCte(plan)},
    base as (select d.*, v.company_id from d join vehicles v on v.id = d.vehicle_id),
    ${peopleCtes(plan.words, 'driver', id, DRIVER_GENDER_SHARES)}
    insert into users (id, role, name, email, phone, profile, gender, dob, status, approval, company_id,
                       holding_dl, dl_front, created_at, updated_at)
    select ${id}, 'Driver', name, email, phone, ${poolImage(plan.words, 'profile', 'g', 'driver.profile')}, gender,
      ${dateBetween('1965-01-01', '2003-12-31', 'g', 'driver.dob')},
      status, approval, company_id,
      ${poolImage(plan.words, 'driver-holding-licence', 'g', 'driver.holding')},
      ${poolImage(plan.words, 'driver-licence', 'g', 'driver.licence')},
      to_timestamp(epoch), to_timestamp(epoch)
    from people cross join w`,
  );
}

function driverVehiclesSql(plan: Plan): SQL {
  return sql.raw(`
    with ${driversCte(plan)}
    insert into driver_vehicles (driver_id, vehicle_id)
    select ${firstDriver(plan.sizes) - 1} + g, vehicle_id from d`);
}

function passengersSql(plan: Plan): SQL {
  const id = `(${firstPassenger(plan.sizes) - 1} + g)`;
  return withWords(
    plan.words,
    `, base as (select g, ${plan.timelines.passengers.epochSql('g', unit('g', 'passenger.created'))} as epoch
               from generate_series(1, ${plan.sizes.passengers}) g),
    ${peopleCtes(plan.words, 'passenger', id, PASSENGER_GENDER_SHARES)}
    insert into users (id, role, name, email, phone, profile, gender, dob, status, approval, created_at, updated_at)
    select ${id}, 'User', name, email, phone,
      case when ${unit('g', 'passenger.has_profile')} < 0.65
        then ${poolImage(plan.words, 'profile', 'g', 'passenger.profile')} end,
      gender, ${dateBetween('1950-01-01', '2006-12-31', 'g', 'passenger.dob')},
      status, approval, to_timestamp(epoch), to_timestamp(epoch)
    from people cross join w`,
  );
}

/**
 * The expiry dates of the documents of Approved companies, drivers and
 * vehicles (reviewed, so entered): spread over the next three years from
 * `now`, about 1% already past and 3% within the 30 days the daily check
 * reminds of.
 */
function documentExpiriesSql(now: Date): SQL {
  const day = now.toISOString().slice(0, 10);
  const offset = (index: string) => `(${below(index, 'document.expiry', 1_100)} - 10)`;
  return sql.raw(`
    insert into document_expiries (table_name, record_id, document, expires_on)
    select 'users', id, case role when 'Company' then 'business_licence' else 'driver_licence' end,
      date '${day}' + ${offset('id')}
    from users where role in ('Company', 'Driver') and approval = 'Approved'
    union all
    select 'vehicles', id, k.document, date '${day}' + ${offset(`id * 2 + (k.document = 'insurance')::int`)}
    from vehicles cross join (values ('registration'), ('insurance')) k(document)
    where approval = 'Approved'`);
}

/**
 * Each person's search text and its runs of digits (what ride_digits() finds in
 * it, one space between), live and by role, as the rides' batches join them:
 * the expression runs once a person, not three times a ride. A person's text
 * ends with a company's name or a space (users.search), never a digit (wordLists),
 * so ride_digits() of a ride's text ends with one space (ridesSql).
 */
async function createPeople(tx: Tx): Promise<void> {
  await tx.execute(sql`
    create temp table seed_people on commit drop as
    select id, role, search,
      nullif(btrim(ride_digits(search, '', '')), '') as digits
    from users where deleted_at is null`);
  await tx.execute(sql`alter table seed_people add primary key (id)`);
  await tx.execute(sql`analyze seed_people`);
}

/**
 * Drivers who may take rides (driver, vehicle and company approved), numbered
 * k = 1.. in creation order, and for each day of the ride window how many of
 * them existed when it began: a ride on day n picks k in [1, kmax(n)].
 * kmax is at least 1 here, not in the join: greatest(NULL, 1) is 1, which
 * would hand every driverless ride to driver k = 1. The drivers who joined
 * each day are summed over the days (a count of every driver for each of 731
 * days took hundreds of times longer; the same kmax on every day).
 */
async function createEligibleDrivers(tx: Tx, { timelines: t }: Plan): Promise<void> {
  await tx.execute(sql`
    create temp table seed_eligible on commit drop as
    select row_number() over (order by d.id)::int as k, d.id as driver_id, dv.vehicle_id, v.company_id,
      extract(epoch from d.created_at)::float8 as epoch
    from users d
      join driver_vehicles dv on dv.driver_id = d.id
      join vehicles v on v.id = dv.vehicle_id
      join users c on c.id = v.company_id
    where d.role = 'Driver' and d.approval = 'Approved' and v.approval = 'Approved' and c.approval = 'Approved'`);
  await tx.execute(sql`alter table seed_eligible add primary key (k)`);
  const start = t.finishedRides.startMs / 1000;
  const days = Math.ceil(WINDOWS.finishedRides.fromDaysAgo) + 1;
  await tx.execute(
    sql.raw(`
    create temp table seed_eligible_days on commit drop as
    with joined as (
      select greatest(0, ceil((epoch - ${start}) / ${DAY_S}))::int as day, count(*) as drivers
      from seed_eligible group by 1
    )
    select n as day, greatest(1, coalesce(sum(j.drivers) over (order by n), 0))::int as kmax
    from generate_series(0, ${days}) n left join joined j on j.day = n`),
  );
  await tx.execute(sql`alter table seed_eligible_days add primary key (day)`);
}

type End = 'pickup' | 'drop';

/**
 * Rides `from`..`to`, stored in id order, which is creation order: as a live
 * database appends its trips, so a walk of the newest trips reads neighbouring
 * pages. Without the final `order by`, the hash joins of a batch (more rows
 * than work_mem) wrote it in four interleaved runs: the newest 3,300 trips lay
 * on about 2,600 pages instead of 200.
 */
function ridesSql({ sizes, words, timelines: t }: Plan, from: number, to: number): SQL {
  const finished = sizes.finishedRides;
  const cities = length(words, 'city');
  // An address is made of a house number, a street, a city and a zip (t): its runs of
  // digits are the number, the street's and the zip (a city has none: wordLists).
  const parts = (end: End) =>
    `(1 + ${below('g', `ride.${end}.number`, 9_999)})::text as ${end}_number,
     1 + ${below('g', `ride.${end}.street`, length(words, 'street'))} as ${end}_street,
     ${at(words, 'zip', 'place')} || lpad(${below('g', `ride.${end}.zip`, 100)}::text, 2, '0') as ${end}_zip`;
  const address = (end: End) =>
    `${end}_number || ' ' || ${at(words, 'street', `${end}_street`)} || ', ' || ${at(words, 'city', 'place')} || ' ' || ${end}_zip`;
  const runs = (end: End) =>
    `${end}_number, nullif(${at(words, 'street_digits', `${end}_street`)}, ''), ${end}_zip`;
  const cents = `${FARE_MIN_CENTS} + floor(${FARE_RANGE_CENTS} * power(${unit('g', 'ride.fare')}, ${FARE_SKEW}))`;
  const withoutDriver = `r.status = 'Pending'
    or (r.status = 'Cancel' and ${unit('g', 'ride.cancel_without_driver')} < ${CANCEL_WITHOUT_DRIVER_SHARE})`;
  return withWords(
    words,
    `, base as (
      select g, g > ${finished} as live,
        case when g <= ${finished} then ${t.finishedRides.epochSql('g', unit('g', 'ride.created'))}
             else ${t.liveRides.epochSql(`g - ${finished}`, unit('g', 'ride.created'))} end as epoch
      from generate_series(${from}, ${to}) g ${FENCE}
    ),
    r as (
      select base.*, case when live then ${weighted(LIVE_RIDE_SHARES, 'g', 'ride.status', 'ride_status')}
                          else ${weighted(FINISHED_RIDE_SHARES, 'g', 'ride.status', 'ride_status')} end as status
      from base ${FENCE}
    ),
    s as (
      select r.*, e.driver_id, e.company_id, e.vehicle_id,
        ${firstPassenger(sizes)} + ${pickRecentSql(t.passengers.existingSql('r.epoch'), unit('g', 'ride.passenger'))} as user_id,
        1 + case when e.company_id is null then ${below('g', 'ride.city', cities)}
                 else ${below('e.company_id', 'company.city', cities)} end as place
      from r
        left join seed_eligible_days b
          on b.day = floor((r.epoch - ${t.finishedRides.startMs / 1000}) / ${DAY_S})::int and not (${withoutDriver})
        left join seed_eligible e on e.k = 1 + ${pickRecentSql('b.kmax', unit('g', 'ride.driver'))} ${FENCE}
    ),
    -- What ride_people_search() (migration 0015) gives, by joins instead of a lookup a row:
    -- its people in id order, which here is company, driver, passenger (firstDriver).
    -- And what ride_digits() (0018) gives, without running it: the runs of digits of the
    -- addresses and people in order, one space between, and one space at the end, as the
    -- text starts with a house number and ends with a letter or a space (seed_people).
    t as (
      select s.*, concat_ws(E'\\n', pc.search, pd.search, pu.search) as people_search,
        ${parts('pickup')}, ${parts('drop')},
        pc.digits as company_digits, pd.digits as driver_digits, pu.digits as passenger_digits
      from s
        left join seed_people pu on pu.id = s.user_id and pu.role = 'User'
        left join seed_people pd on pd.id = s.driver_id and pd.role = 'Driver'
        left join seed_people pc on pc.id = s.company_id and pc.role = 'Company'
        cross join w ${FENCE}
    )
    insert into rides (id, user_id, driver_id, company_id, vehicle_id, service_type_id, amount,
                       coupon_discount, pickup_address, drop_address,
                       ride_status, cancel_reason, created_at, updated_at, people_search, digits)
    select g, user_id, driver_id, company_id, vehicle_id,
      -- The service type a trip without a vehicle asked for (the lookups' ids, one in turn).
      case when vehicle_id is null then 1 + g % ${SERVICE_TYPES.length} end,
      round((${cents})::numeric / 100, 2),
      case when status = 'Complete' and ${unit('g', 'ride.coupon')} < ${COUPON_SHARE}
           then least(${COUPON_MIN_CENTS} + ${below('g', 'ride.coupon_cents', COUPON_RANGE_CENTS)}, ${cents})::numeric / 100
           else 0 end,
      ${address('pickup')}, ${address('drop')},
      status,
      case when status = 'Cancel' then ${word(words, 'cancel_reason', 'g', 'ride.cancel_reason')} end,
      to_timestamp(epoch),
      to_timestamp(epoch + 60 * case status
        when 'Complete' then 6 + ${below('g', 'ride.minutes', 40)}
        when 'Cancel' then 1 + ${below('g', 'ride.minutes', 5)}
        else ${below('g', 'ride.minutes', 4)} end),
      people_search,
      concat_ws(' ', ${runs('pickup')}, ${runs('drop')},
                company_digits, driver_digits, passenger_digits) || ' '
    from t cross join w
    order by g`,
  );
}

/** 'TXN' and ten base-36 digits of (30 random bits, ride id): unique because the id is in it. */
function transactionsSql(from: number, to: number): SQL {
  const digits = Array.from({ length: 10 }, (_, i) => {
    const place = 36n ** BigInt(9 - i);
    return `substr('${BASE36}', (v / ${place} % 36)::int + 1, 1)`;
  });
  return sql.raw(`
    insert into transactions (transaction_id, ride_id, amount, payment_method, created_at)
    select 'TXN' || ${digits.join(' || ')}, id, amount,
      ${weighted(PAYMENT_METHODS, 'id', 'transaction.method', 'text')}, updated_at
    from (select id, amount, updated_at,
            (hashint8extended(id::bigint, ${salt('transaction.id')}) & 1073741823) * ${2 ** RIDE_ID_BITS} + id as v
          from rides where id between ${from} and ${to} and ride_status = 'Complete') r`);
}

// ---------------------------------------------------------------- images

/**
 * The fixed pool the large scale's rows point at: 20 of each kind, vehicle photos
 * per colour, each under a random name; the rows pick them from word lists.
 */
function poolImages(faker: Faker, lookups: Lookups): { files: ImageFile[]; words: Words } {
  const files: ImageFile[] = [];
  const words: Record<string, string[]> = {};
  const add = (kind: string, svg: string) =>
    (words[imageKey(kind)] ??= []).push(addImage(files, svg));
  for (let n = 1; n <= POOL_SIZE; n++) {
    const person = faker.person.fullName();
    const firm = `${faker.person.lastName()} ${faker.helpers.arrayElement(COMPANY_SUFFIXES)}`;
    const plate = `${faker.string.alpha({ length: 3, casing: 'upper' })}-${faker.string.numeric(4)}`;
    const color = PALETTE[n % PALETTE.length] ?? '#57606a';
    add('profile', avatar(initials(person), color, 'round'));
    add('company-logo', avatar(initials(firm), color, 'square'));
    COMPANY_DOCUMENTS.forEach((title, index) =>
      add(
        index === 0 ? 'company-licence' : 'company-certificate',
        documentCard({
          title,
          accent: color,
          lines: [
            firm,
            `Number ${faker.string.alphanumeric({ length: 8, casing: 'upper' })}`,
            'Specimen',
          ],
        }),
      ),
    );
    add('driver-holding-licence', holdingLicence(person, color));
    add(
      'driver-licence',
      documentCard({
        title: 'Driver licence',
        accent: '#1d5c96',
        withPhoto: true,
        lines: [
          person,
          `DL ${faker.string.alpha({ length: 1, casing: 'upper' })}${faker.string.numeric(7)}`,
          'Class E, for hire',
          'Specimen',
        ],
      }),
    );
    add(
      'registration-front',
      documentCard({
        title: 'Registration front',
        accent: '#2f4858',
        lines: [`Plate ${plate}`, `VIN ${faker.vehicle.vin()}`, 'Specimen'],
      }),
    );
    add(
      'registration-back',
      documentCard({
        title: 'Registration back',
        accent: '#2f4858',
        lines: [`Plate ${plate}`, 'Use: for-hire passenger vehicle', 'Specimen'],
      }),
    );
    add(
      'insurance',
      documentCard({
        title: 'Insurance certificate',
        accent: '#6e4c9c',
        lines: [`Policy ${faker.string.numeric(10)}`, `Vehicle ${plate}`, 'Specimen'],
      }),
    );
  }
  const photos = new Map(
    lookups.colors.map((color) => [
      color.id,
      VEHICLE_VIEWS.map((view) =>
        addImage(
          files,
          vehiclePhoto(view, color.hex, 'SAMPLE', `${color.name} vehicle, ${view} view`),
        ),
      ),
    ]),
  );
  // In the order of the colour word lists, so `1 + p` picks the vehicle's own colour.
  VEHICLE_VIEWS.forEach((view, v) => {
    words[imageKey(`vehicle-${view}`)] = paintsOf(lookups).map(
      (color) => photos.get(color.id)![v]!,
    );
  });
  return { files, words };
}

// ---------------------------------------------------------------- the scale

/**
 * The tables the load writes without their triggers: the rides' search text and
 * digits are written by the batches' joins (ridesSql), and every counter by one
 * recount at the end (recount_counters): the rides' trigger updated the
 * user_stats of a quarter of a million people at every batch (2-3 s each), and
 * the people's wrote each person's zero row, which the recount wrote again.
 * (The vehicles' trigger writes their search text, and stays.)
 */
const QUIET_TABLES = ['users', 'rides', 'transactions'];

async function switchTriggers(tx: Tx, to: 'enable' | 'disable'): Promise<void> {
  for (const table of QUIET_TABLES)
    await tx.execute(sql`alter table ${sql.identifier(table)} ${sql.raw(to)} trigger user`);
}

/** Fills the marketplace with a generated one of `sizes` (LARGE_SIZES or SMALL_SIZES). */
async function seedGenerated(
  tx: Tx,
  lookups: Lookups,
  context: SeedContext,
  sizes: Sizes,
): Promise<number> {
  const rides = rideCount(sizes);
  if (rides >= 2 ** RIDE_ID_BITS) throw new Error('seed: ride ids no longer fit transaction ids');
  const { log } = context;
  const faker = seededFaker();
  const words = wordLists(faker, lookups);
  const pool = poolImages(faker, lookups);
  const plan: Plan = {
    sizes,
    words: { ...words, ...pool.words },
    timelines: timelines(context.now, sizes),
  };
  await writeImages(context.uploadDir, pool.files);
  log(`wrote ${pool.files.length} pooled images under ${context.uploadDir}`);

  // Users, rides and payments are loaded with their secondary indexes and foreign keys
  // dropped and rebuilt after (the large scale took 58 s instead of 106 s on two cores);
  // seed() builds the indexes left pending after the commit, two at once.
  await withoutIndexes(
    tx,
    // user_stats: its sort indexes (ride totals) would change with every ride batch;
    // vehicles: their trigram index took 15,000 insertions (1-1.5 s).
    ['users', 'user_stats', 'vehicles', 'rides', 'transactions'],
    async () => {
      await switchTriggers(tx, 'disable');
      await timed(log, `companies: ${sizes.companies}`, () => tx.execute(companiesSql(plan)));
      await timed(log, `vehicles: ${sizes.vehicles}`, () => tx.execute(vehiclesSql(plan)));
      await timed(log, `drivers: ${sizes.drivers}`, async () => {
        await tx.execute(driversSql(plan));
        await tx.execute(driverVehiclesSql(plan));
      });
      await timed(log, `passengers: ${sizes.passengers}`, () => tx.execute(passengersSql(plan)));
      await timed(log, 'document expiry dates', () => tx.execute(documentExpiriesSql(context.now)));
      await timed(log, 'eligible drivers', () => createEligibleDrivers(tx, plan));
      await timed(log, 'people for the rides', () => createPeople(tx));
      // A batch sorts its rides in memory (80 MB; the 4 MB default spills them to disk).
      await tx.execute(sql`set local work_mem = '256MB'`);
      for (let from = 1; from <= rides; from += RIDE_BATCH) {
        const to = Math.min(rides, from + RIDE_BATCH - 1);
        await timed(log, `rides ${from}-${to}`, async () => {
          await tx.execute(ridesSql(plan, from, to));
          await tx.execute(transactionsSql(from, to));
        });
      }
      await switchTriggers(tx, 'enable');
      await timed(log, 'counters', () => tx.execute(sql`select recount_counters()`));
    },
    log,
  );
  return pool.files.length;
}

/** The benchmark scales of the seed command (`--scale small|large`). */
export const SMALL_SCALE: SeedScale = {
  name: 'small',
  populate: (tx, lookups, context) => seedGenerated(tx, lookups, context, SMALL_SIZES),
};
export const LARGE_SCALE: SeedScale = {
  name: 'large',
  populate: (tx, lookups, context) => seedGenerated(tx, lookups, context, LARGE_SIZES),
};
