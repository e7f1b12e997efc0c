import type { Database } from '../src/db/client';
import {
  brands,
  colors,
  models,
  rides,
  serviceTypes,
  transactions,
  users,
  vehicles,
  vehicleTypes,
} from '../src/db/schema';

type NewUser = typeof users.$inferInsert;
type NewRide = typeof rides.$inferInsert;
type NewVehicle = typeof vehicles.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

/** Test data with overrides: `createDriver(db, { approval: 'Pending' })`. */
export async function createUser(database: Database, values: Partial<NewUser> = {}) {
  const n = next();
  const [row] = await database.db
    .insert(users)
    .values({
      role: 'User',
      name: `Passenger ${n}`,
      email: `user${n}@example.test`,
      phone: String(5550000000 + n),
      approval: 'Approved',
      ...values,
    })
    .returning();
  return row!;
}

export const createCompany = (database: Database, values: Partial<NewUser> = {}) =>
  createUser(database, {
    role: 'Company',
    name: 'Owner',
    companyName: `Cabs ${next()}`,
    ...values,
  });

export async function createDriver(database: Database, values: Partial<NewUser> = {}) {
  const companyId = values.companyId ?? (await createCompany(database)).id;
  return createUser(database, { role: 'Driver', name: `Driver ${next()}`, ...values, companyId });
}

/** Names of a vehicle's catalogue entries; each vehicle gets its own rows. */
export type VehicleLookups = {
  service?: string;
  type?: string;
  seats?: number;
  brand?: string;
  model?: string;
  color?: string;
};

async function lookups(database: Database, names: VehicleLookups = {}) {
  const { db } = database;
  const [service] = await db
    .insert(serviceTypes)
    .values({ title: names.service ?? 'Standard' })
    .returning();
  const [type] = await db
    .insert(vehicleTypes)
    .values({ title: names.type ?? 'Sedan', seats: names.seats ?? 4 })
    .returning();
  const [brand] = await db
    .insert(brands)
    .values({ name: names.brand ?? 'Toyota' })
    .returning();
  const [model] = await db
    .insert(models)
    .values({ brandId: brand!.id, name: names.model ?? 'Prius' })
    .returning();
  const [color] = await db
    .insert(colors)
    .values({ name: names.color ?? 'White' })
    .returning();
  return { service: service!, type: type!, brand: brand!, model: model!, color: color! };
}

export async function createVehicle(
  database: Database,
  values: Partial<NewVehicle> = {},
  names: VehicleLookups = {},
) {
  const l = await lookups(database, names);
  const companyId = values.companyId ?? (await createCompany(database)).id;
  const [row] = await database.db
    .insert(vehicles)
    .values({
      serviceTypeId: l.service.id,
      vehicleTypeId: l.type.id,
      brandId: l.brand.id,
      modelId: l.model.id,
      colorId: l.color.id,
      licenseNumber: `TX-${1000 + next()}`,
      approval: 'Approved',
      ...values,
      companyId,
    })
    .returning();
  return row!;
}

export async function createRide(database: Database, values: Partial<NewRide> = {}) {
  const userId = values.userId ?? (await createUser(database)).id;
  const [row] = await database.db
    .insert(rides)
    .values({
      amount: '25.00',
      pickupAddress: '1 Main St',
      dropAddress: '9 Elm St',
      rideStatus: 'Complete',
      ...values,
      userId,
    })
    .returning();
  if (row!.rideStatus === 'Complete') {
    await database.db.insert(transactions).values({
      transactionId: `TXN${row!.id}`,
      rideId: row!.id,
      amount: row!.amount,
      paymentMethod: 'Card',
      createdAt: row!.createdAt,
    });
  }
  return row!;
}
