import type { NotificationText } from '@cabdesk/contract';
import { Faker, base, en, en_US } from '@faker-js/faker';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import {
  brands,
  colors,
  coupons,
  models,
  notifications,
  serviceTypes,
  faqs,
  vehicleTypes,
} from '../db/schema';
import { DOCUMENT_EXPIRED_REASON } from '@cabdesk/contract';
import { notificationFor } from '../lib/notify';
import { BRANDS, COLORS, COUPONS, FAQ, SERVICE_TYPES, VEHICLE_TYPES } from './catalog';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** What both scales need to know about the seeded lookup rows. */
export type Lookups = {
  models: {
    id: number;
    brandId: number;
    brand: string;
    name: string;
    vehicleTypeId: number;
    serviceTypeId: number;
  }[];
  colors: { id: number; name: string; hex: string; weight: number }[];
};

export type SeedContext = {
  now: Date;
  uploadDir: string;
  log: (msg: string) => void;
};

const FAKER_SEED = 20240305;

/** A seeded en_US faker of its own, so the global one is left alone. */
/** The seeds' faker; `stream` gives an independent sequence for data drawn apart. */
export function seededFaker(stream = 0): Faker {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(FAKER_SEED + stream);
  return faker;
}

/** Letters and digits only, lower-cased: "Golden Gate Cab Co" -> "goldengatecabco". */
export function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}

export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  // The driver-neutral execute() is typed loosely; both drivers answer { rows }.
  const result = (await tx.execute(query)) as { rows: T[] };
  return result.rows;
}

/** Multi-row inserts, small enough to stay far below the 65,535 parameters of a statement. */
export async function insertInBatches<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  batchSize = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    await tx.insert(table).values(rows.slice(i, i + batchSize));
  }
}

function byTitle<T extends { id: number }>(rows: (T & { title: string })[]): Map<string, number> {
  return new Map(rows.map((row) => [row.title, row.id]));
}

function required<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed catalog: unknown ${String(key)}`);
  return value;
}

export async function insertLookups(tx: Tx): Promise<Lookups> {
  const services = byTitle(
    await tx
      .insert(serviceTypes)
      .values(SERVICE_TYPES.map((title) => ({ title })))
      .returning(),
  );
  const types = byTitle(
    await tx
      .insert(vehicleTypes)
      .values(VEHICLE_TYPES.map((type) => ({ ...type })))
      .returning(),
  );
  const brandRows = await tx
    .insert(brands)
    .values(BRANDS.map((brand) => ({ name: brand.name })))
    .returning();
  const specs = BRANDS.flatMap((brand, i) =>
    brand.models.map((model) => ({ ...model, brand: brand.name, brandId: brandRows[i]!.id })),
  );
  const modelRows = await tx
    .insert(models)
    .values(specs.map((spec) => ({ brandId: spec.brandId, name: spec.name })))
    .returning();
  const colorRows = await tx
    .insert(colors)
    .values(COLORS.map((color) => ({ name: color.name })))
    .returning();
  return {
    models: specs.map((spec, i) => ({
      id: modelRows[i]!.id,
      brandId: spec.brandId,
      brand: spec.brand,
      name: spec.name,
      vehicleTypeId: required(types, spec.type),
      serviceTypeId: required(services, spec.service),
    })),
    colors: COLORS.map((color, i) => ({ ...color, id: colorRows[i]!.id })),
  };
}

/** FAQ entries written over the last two years, some edited since. */
export async function insertSupports(tx: Tx, now: Date): Promise<void> {
  await tx.insert(faqs).values(
    FAQ.map((entry, i) => {
      const createdAt = new Date(now.getTime() - (700 - i * 45) * DAY_MS);
      const edited = i % 3 === 0;
      return {
        ...entry,
        createdAt,
        updatedAt: edited ? new Date(createdAt.getTime() + 20 * DAY_MS) : createdAt,
      };
    }),
  );
}

export async function insertCoupons(tx: Tx, now: Date): Promise<void> {
  await tx.insert(coupons).values(
    COUPONS.map((coupon, i) => {
      const createdAt = new Date(now.getTime() - (400 - i * 45) * DAY_MS);
      return {
        title: coupon.title,
        couponCode: coupon.code,
        discount: coupon.discount,
        description: coupon.description,
        suspendStatus: 'suspended' in coupon ? 1 : 0,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}

type Event = {
  title: string;
  message: string;
  text: NotificationText;
  link: string | null;
  at: Date;
};

/**
 * The bell's notifications, about real seeded records: the newest pending
 * registrations and vehicles, and the latest cancelled trips.
 */
export async function insertNotifications(tx: Tx, now: Date): Promise<void> {
  const drivers = await rowsOf<{ id: number; name: string; company: string; at: Date }>(
    tx,
    sql`select d.id, d.name, c.company_name as company, d.created_at as at
        from users d join users c on c.id = d.company_id
        where d.role = 'Driver' and d.approval = 'Pending' order by d.created_at desc, d.id desc limit 4`,
  );
  const vehicles = await rowsOf<{ id: number; label: string; company: string; at: Date }>(
    tx,
    sql`select v.id, b.name || ' ' || m.name || ' (' || v.license_number || ')' as label,
               c.company_name as company, v.created_at as at
        from vehicles v join brands b on b.id = v.brand_id join models m on m.id = v.model_id
        join users c on c.id = v.company_id
        where v.approval = 'Pending' order by v.created_at desc, v.id desc limit 4`,
  );
  const companies = await rowsOf<{ id: number; company: string; email: string; at: Date }>(
    tx,
    sql`select id, company_name as company, email, created_at as at from users
        where role = 'Company' and approval = 'Pending' order by created_at desc, id desc limit 3`,
  );
  const passengers = await rowsOf<{ id: number; name: string; at: Date }>(
    tx,
    sql`select id, name, created_at as at from users
        where role = 'User' order by created_at desc, id desc limit 2`,
  );
  const cancelled = await rowsOf<{ id: number; pickup: string; reason: string | null; at: Date }>(
    tx,
    sql`select id, pickup_address as pickup, cancel_reason as reason,
               updated_at as at
        from rides where ride_status = 'Cancel' order by created_at desc, id desc limit 2`,
  );
  const events: Event[] = [
    ...drivers.map((d) => ({
      ...notificationFor.driverRegistered({ id: d.id, name: d.name, companyName: d.company }),
      at: d.at,
    })),
    ...vehicles.map((v) => ({
      ...notificationFor.vehicleRegistered({ id: v.id, label: v.label, companyName: v.company }),
      at: v.at,
    })),
    ...companies.map((c) => ({
      ...notificationFor.companyRegistered({ id: c.id, companyName: c.company, email: c.email }),
      at: c.at,
    })),
    ...passengers.map((p) => ({ ...notificationFor.passengerJoined(p), at: p.at })),
    ...cancelled.map((r) => ({ ...notificationFor.tripCancelled(r), at: r.at })),
  ];
  if (events.length === 0) return;
  await tx.insert(notifications).values(events.map((event) => notificationRow(event, now)));
}

/**
 * Sent a minute after the event. Read state is per administrator (none exist
 * yet), so every seeded notification starts unread; they are history, never pushed.
 */
function notificationRow(event: Event, now: Date): typeof notifications.$inferInsert {
  const createdAt = new Date(Math.min(new Date(event.at).getTime() + MINUTE_MS, now.getTime()));
  return {
    title: event.title,
    message: event.message,
    text: event.text,
    link: event.link,
    createdAt,
    pushedAt: createdAt,
  };
}

/** Rows were inserted with explicit ids: move the serial sequences past them. */
export async function advanceSequences(tx: Tx): Promise<void> {
  for (const table of ['users', 'vehicles', 'rides']) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.identifier(table)}`,
    );
  }
}

/**
 * Leaves the seeded document expiry dates as the daily check would have left
 * them had it run every day until `now` (without its notifications): the
 * reminders already due are marked sent, expired documents are marked, and
 * their Approved drivers and vehicles are Inactive ("Document expired", with
 * an audit row of the server's). So the first check after seeding starts from
 * today, and the large scale's figures are not measured during a catch-up.
 */
export async function settleDocuments(tx: Tx, now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await tx.execute(sql`
    update document_expiries set
      reminded_days = case
        when expires_on - ${day}::date = 1 then 1
        when expires_on - ${day}::date between 2 and 7 then 7
        when expires_on - ${day}::date between 8 and 30 then 30 end,
      expired_at = case when expires_on <= ${day}::date then ${now.toISOString()}::timestamptz end`);
  const after = JSON.stringify({
    status: 'Inactive',
    status_reason: DOCUMENT_EXPIRED_REASON,
    reason: DOCUMENT_EXPIRED_REASON,
  });
  for (const table of ['users', 'vehicles'] as const) {
    const drivers = table === 'users' ? sql`and o.role = 'Driver'` : sql``;
    await tx.execute(sql`
      with suspended as (
        update ${sql.identifier(table)} o set status = 'Inactive', status_reason = ${DOCUMENT_EXPIRED_REASON}
        where o.status = 'Active' and o.approval = 'Approved' ${drivers}
          and exists (select 1 from document_expiries d where d.table_name = ${table}
                      and d.record_id = o.id and d.expired_at is not null)
        returning o.id)
      insert into audit_log (action, table_name, record_id, before, after, created_at)
      select 'document-expired', ${table}, id, '{"status":"Active"}'::jsonb, ${after}::jsonb,
             ${now.toISOString()}::timestamptz
      from suspended`);
  }
}

/** Runs `work` and logs `label` with the seconds it took. */
export async function timed(
  log: (msg: string) => void,
  label: string,
  work: () => Promise<unknown>,
): Promise<void> {
  const started = Date.now();
  await work();
  log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
