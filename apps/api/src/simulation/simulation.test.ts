import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCompany, createDriver, createUser, createVehicle } from '../../test/builders';
import { createTestDatabase } from '../../test/helper';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../db/data-dir-lock';
import { driverVehicles, notifications, rides, transactions, users, vehicles } from '../db/schema';
import { createSimulator } from './simulation';

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'cabdesk-sim-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An approved company with an approved vehicle, an eligible driver and a passenger. */
async function marketplace() {
  const database = await createTestDatabase();
  const company = await createCompany(database, { approval: 'Approved' });
  const vehicle = await createVehicle(database, { companyId: company.id });
  const driver = await createDriver(database, { companyId: company.id, approval: 'Approved' });
  await database.db.insert(driverVehicles).values({ driverId: driver.id, vehicleId: vehicle.id });
  const passenger = await createUser(database);
  return { database, company, vehicle, driver, passenger };
}

const latestNotification = async (database: Awaited<ReturnType<typeof createTestDatabase>>) => {
  const [row] = await database.db
    .select()
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
};

describe('simulation', () => {
  it('registers a company, a driver and a vehicle waiting for approval, each with a notification linking to it', async () => {
    const { database, company } = await marketplace();
    const uploadDir = tempDir();
    const simulator = createSimulator(database, { uploadDir });

    expect(await simulator.step('company')).toMatchObject({ event: 'company' });
    const [newCompany] = await database.db
      .select()
      .from(users)
      .where(eq(users.role, 'Company'))
      .orderBy(desc(users.id))
      .limit(1);
    expect(newCompany).toMatchObject({ approval: 'Pending' });
    expect(await latestNotification(database)).toMatchObject({
      title: 'New company registration',
      link: `/company-detail/${newCompany!.id}`,
    });

    await simulator.step('driver');
    const [driver] = await database.db
      .select()
      .from(users)
      .where(eq(users.role, 'Driver'))
      .orderBy(desc(users.id))
      .limit(1);
    expect(driver).toMatchObject({ approval: 'Pending', companyId: company.id });
    expect(await latestNotification(database)).toMatchObject({
      title: 'New driver registration',
      link: `/driver-detail/${driver!.id}`,
    });

    await simulator.step('vehicle');
    const [vehicle] = await database.db.select().from(vehicles).orderBy(desc(vehicles.id)).limit(1);
    expect(vehicle).toMatchObject({ approval: 'Pending', companyId: company.id });
    // Every document under a random name of its own, written.
    const documents = [
      ...newCompany!.companyDoc!,
      driver!.holdingDl,
      driver!.dlFront,
      vehicle!.insurance,
      vehicle!.vehicleFront,
    ];
    for (const path of documents) {
      expect(path).toMatch(/^seed\/[0-9a-f]{32}\.svg$/);
      expect(existsSync(join(uploadDir, path!)), path!).toBe(true);
    }
    expect(await latestNotification(database)).toMatchObject({
      title: 'Vehicle awaiting approval',
      link: `/vehicle-detail/${vehicle!.id}`,
    });
  });

  it('moves a trip Pending -> Accept -> Start -> End -> Complete, paid, with an eligible driver', async () => {
    const { database, driver, vehicle, company } = await marketplace();
    const simulator = createSimulator(database, { uploadDir: tempDir() });
    await simulator.step('request');
    const [ride] = await database.db.select().from(rides);
    expect(ride).toMatchObject({ rideStatus: 'Pending', driverId: null });

    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await simulator.step('advance');
      const [now] = await database.db.select().from(rides).where(eq(rides.id, ride!.id));
      seen.push(now!.rideStatus);
    }
    expect(seen).toEqual(['Accept', 'Start', 'End', 'Complete']);
    const [done] = await database.db.select().from(rides).where(eq(rides.id, ride!.id));
    expect(done).toMatchObject({
      driverId: driver.id,
      vehicleId: vehicle.id,
      companyId: company.id,
    });
    const [paid] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.rideId, ride!.id));
    expect(paid).toMatchObject({ amount: ride!.amount });
    // Nothing live is left to move.
    expect(await simulator.step('advance')).toBeNull();
  });

  it('cancels a waiting trip with a reason and notifies, linked to the trip', async () => {
    const { database } = await marketplace();
    const simulator = createSimulator(database, { uploadDir: tempDir() });
    await simulator.step('request');
    await simulator.step('cancel');
    const [ride] = await database.db.select().from(rides);
    expect(ride!.rideStatus).toBe('Cancel');
    expect(ride!.cancelReason).toEqual(expect.any(String));
    expect(await latestNotification(database)).toMatchObject({
      title: 'Trip cancelled',
      message: `Trip #${ride!.id} from ${ride!.pickupAddress} was cancelled: ${ride!.cancelReason}.`,
      link: `/trip-detail/${ride!.id}`,
    });
  });
});

describe('data directory lock', () => {
  it('lets one process at a time open a PGlite data directory, and takes over a dead one’s lock', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    // A lock left behind by a process that is gone.
    writeFileSync(join(dir, LOCK_FILE), '999999999');
    const again = lockDataDir(dir);
    again();
  });
});
