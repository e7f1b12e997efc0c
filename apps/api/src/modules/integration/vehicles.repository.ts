import type { z } from 'zod';
import type { integrationVehicles } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { vehicles } from '../../db/schema';
import { notificationFor, notify } from '../../lib/notify';
import { rowsOf } from '../../lib/sql';
import { byExternalId, lockExternalId } from './people.repository';
import type { Refusal } from './refusals';

type Vehicle = z.output<typeof integrationVehicles.input>;
type VehicleRow = typeof vehicles.$inferSelect;

/** The id a statement answers (the first row's). */
async function idByName(tx: Tx, query: ReturnType<typeof sql>) {
  const [row] = await rowsOf<{ id: number }>(tx, query);
  return row?.id;
}

/** The catalogue tables the marketplace adds to, by kind (an allow-list: never spliced from input). */
const CATALOGUE = { brand: 'brands', model: 'models', color: 'colors' } as const;

/**
 * The id of a brand, model (of `brandId`) or colour by its name in any case,
 * made when the catalogue lacks it (a new model arrives with the
 * marketplace's first car of it). Serialised per name, so two requests do
 * not make it twice.
 */
async function catalogueId(
  tx: Tx,
  kind: keyof typeof CATALOGUE,
  name: string,
  brandId?: number,
): Promise<number> {
  const table = sql.identifier(CATALOGUE[kind]);
  const ofBrand = brandId === undefined ? sql`` : sql` and brand_id = ${brandId}`;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`cabdesk:catalogue:${kind}:${brandId ?? ''}:${name.toLowerCase()}`}))`,
  );
  const found = await idByName(
    tx,
    sql`select id from ${table} where lower(name) = lower(${name})${ofBrand} order by id limit 1`,
  );
  if (found !== undefined) return found;
  const made = await idByName(
    tx,
    brandId === undefined
      ? sql`insert into ${table} (name) values (${name}) returning id`
      : sql`insert into ${table} (name, brand_id) values (${name}, ${brandId}) returning id`,
  );
  return made!;
}

/**
 * Registers or changes a company's vehicle by the marketplace's id
 * (decision 015). Service and vehicle types are the desk's catalogue and
 * must exist (the vehicle type with the seats sent); brands, models and
 * colours are the marketplace's and are added when new. A new vehicle
 * arrives Pending with the review desk's notification (an import's, in its
 * own one: `announce` false); a vehicle deleted at the desk is not brought back.
 */
export async function upsertVehicle(
  tx: Tx,
  vehicle: Vehicle,
  now: Date,
  announce = true,
): Promise<Refusal | { kind: 'done'; row: VehicleRow; created: boolean }> {
  const company = await byExternalId(tx, 'Company', vehicle.company_external_id);
  if (!company) return { kind: 'no-company' };
  if (company.deletedAt) return { kind: 'company-deleted' };
  const serviceTypeId = await idByName(
    tx,
    sql`select id from service_types where lower(title) = lower(${vehicle.service_type}) order by id limit 1`,
  );
  if (serviceTypeId === undefined) return { kind: 'no-service-type' };
  const [type] = await rowsOf<{ id: number; title: string; seats: number }>(
    tx,
    sql`select id, title, seats from vehicle_types where lower(title) = lower(${vehicle.vehicle_type})
        order by seats = ${vehicle.seats} desc, id limit 1`,
  );
  if (!type) return { kind: 'no-vehicle-type' };
  if (type.seats !== vehicle.seats) return { kind: 'seats', type: type.title, seats: type.seats };
  const brandId = await catalogueId(tx, 'brand', vehicle.brand);
  const fields = {
    companyId: company.id,
    serviceTypeId,
    vehicleTypeId: type.id,
    brandId,
    modelId: await catalogueId(tx, 'model', vehicle.model, brandId),
    colorId: await catalogueId(tx, 'color', vehicle.color),
    licenseNumber: vehicle.license_number,
  };

  await lockExternalId(tx, 'vehicle', vehicle.external_id);
  const [existing] = await tx
    .select()
    .from(vehicles)
    .where(eq(vehicles.externalId, vehicle.external_id))
    .for('update');
  if (existing) {
    if (existing.deletedAt) return { kind: 'deleted' };
    // The same vehicle again (a retry, a file imported twice) writes nothing.
    const same = (Object.keys(fields) as (keyof typeof fields)[]).every(
      (field) => existing[field] === fields[field],
    );
    if (same) return { kind: 'done', row: existing, created: false };
    const [row] = await tx
      .update(vehicles)
      .set({ ...fields, updatedAt: now })
      .where(eq(vehicles.id, existing.id))
      .returning();
    return { kind: 'done', row: row!, created: false };
  }
  const [inserted] = await tx
    .insert(vehicles)
    .values({ ...fields, externalId: vehicle.external_id, approval: 'Pending' })
    .returning();
  const row = inserted!;
  if (!announce) return { kind: 'done', row, created: true };
  await notify(
    tx,
    notificationFor.vehicleRegistered({
      id: row.id,
      label: `${vehicle.color} ${vehicle.brand} ${vehicle.model} (${vehicle.license_number})`,
      companyName: company.companyName ?? company.name,
    }),
  );
  return { kind: 'done', row, created: true };
}
