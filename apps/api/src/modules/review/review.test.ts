import { reviewQueue } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { documentExpiries } from '../../db/schema';
import { createCompany, createDriver, createUser, createVehicle } from '../../../test/builders';
import { signedInApp, signedUrlOf } from '../../../test/helper';

const at = (iso: string) => new Date(iso);

async function setup() {
  const { app, database, config, call } = await signedInApp();
  return { app, database, config, call };
}

type Item = { kind: string; table: string; id: number; name: string };
const keys = (body: { data: { data: Item[] } }) =>
  body.data.data.map((item) => `${item.kind} ${item.name}`);

describe('review-queue', () => {
  it('lists every Pending company, driver and vehicle, oldest first, filterable by kind', async () => {
    const { database, call } = await setup();
    const company = await createCompany(database, {
      companyName: 'Olive Cabs',
      approval: 'Pending',
      createdAt: at('2025-01-03T00:00:00Z'),
    });
    await createDriver(database, {
      name: 'Ann Lee',
      companyId: company.id,
      approval: 'Pending',
      createdAt: at('2025-01-01T00:00:00Z'),
    });
    await createVehicle(
      database,
      {
        licenseNumber: 'AB-123',
        companyId: company.id,
        approval: 'Pending',
        createdAt: at('2025-01-02T00:00:00Z'),
      },
      { brand: 'Kia', model: 'Niro' },
    );
    await createDriver(database, {
      name: 'Bo Chen',
      approval: 'Pending',
      createdAt: at('2025-01-04T00:00:00Z'),
    });
    // Not waiting: decided, deleted, or a passenger.
    await createDriver(database, { name: 'Decided', approval: 'Approved' });
    await createVehicle(database, { approval: 'Rejected' });
    await createDriver(database, { name: 'Gone', approval: 'Pending', deletedAt: new Date() });
    await createUser(database, { name: 'Passenger', approval: 'Pending' });

    const all = await call(reviewQueue);
    expect(all.statusCode).toBe(200);
    expect(all.body.message).toBe('Review queue fetched successfully.');
    expect(keys(all.body)).toEqual([
      'driver Ann Lee',
      'vehicle Kia Niro (AB-123)',
      'company Olive Cabs',
      'driver Bo Chen',
    ]);
    expect(all.body.data).toMatchObject({ total: 4, last_page: 1, current_page: 1 });
    expect(all.body.data.data[0]).toMatchObject({
      kind: 'driver',
      table: 'users',
      company_name: 'Olive Cabs',
      submitted_at: '2025-01-01T00:00:00.000Z',
    });
    expect(all.body.data.data[1]).toMatchObject({ table: 'vehicles', company_name: 'Olive Cabs' });

    expect(keys((await call(reviewQueue, { kind: 'driver' })).body)).toEqual([
      'driver Ann Lee',
      'driver Bo Chen',
    ]);
    expect(keys((await call(reviewQueue, { kind: 'vehicle' })).body)).toEqual([
      'vehicle Kia Niro (AB-123)',
    ]);
    const companies = await call(reviewQueue, { kind: 'company' });
    expect(keys(companies.body)).toEqual(['company Olive Cabs']);
    expect(companies.body.data.total).toBe(1);

    const bad = await call(reviewQueue, { kind: 'passenger' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toEqual({ kind: 'kind must be company, driver or vehicle.' });
  });

  it('answers only the records named (what a list sends to the desk), still Pending ones', async () => {
    const { database, call } = await setup();
    const ann = await createDriver(database, {
      name: 'Ann Lee',
      approval: 'Pending',
      createdAt: at('2025-01-02T00:00:00Z'),
    });
    const bo = await createDriver(database, {
      name: 'Bo Chen',
      approval: 'Pending',
      createdAt: at('2025-01-01T00:00:00Z'),
    });
    await createDriver(database, { name: 'Not named', approval: 'Pending' });
    const decided = await createDriver(database, { name: 'Decided', approval: 'Approved' });
    // The same id as a vehicle: the key's kind names the table.
    const vehicle = await createVehicle(
      database,
      { licenseNumber: 'AB-123', approval: 'Pending' },
      { brand: 'Kia', model: 'Niro' },
    );

    const named = await call(reviewQueue, {
      records: `driver-${ann.id},driver-${bo.id},driver-${decided.id},vehicle-${vehicle.id}`,
    });
    expect(named.statusCode).toBe(200);
    expect(keys(named.body)).toEqual([
      'driver Bo Chen',
      'driver Ann Lee',
      'vehicle Kia Niro (AB-123)',
    ]);
    expect(named.body.data.total).toBe(3);
    const one = await call(reviewQueue, { kind: 'driver', records: `driver-${ann.id}` });
    expect(keys(one.body)).toEqual(['driver Ann Lee']);
    const otherKind = await call(reviewQueue, { kind: 'company', records: `driver-${ann.id}` });
    expect(otherKind.body.data).toMatchObject({ total: 0, data: [] });

    const bad = await call(reviewQueue, { records: 'passenger-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toEqual({
      records: 'records must be up to 100 keys such as driver-12, separated by commas.',
    });
  });

  it('pages across kinds without skipping or repeating, ties in a stable order', async () => {
    const { database, call } = await setup();
    const same = at('2025-02-01T00:00:00Z');
    for (let i = 0; i < 4; i++) {
      await createDriver(database, { name: `Driver ${i}`, approval: 'Pending', createdAt: same });
      await createVehicle(database, {
        licenseNumber: `V-${i}`,
        approval: 'Pending',
        createdAt: same,
      });
      await createCompany(database, {
        companyName: `Company ${i}`,
        approval: 'Pending',
        createdAt: at(`2025-01-0${i + 1}T00:00:00Z`),
      });
    }
    const whole = keys((await call(reviewQueue, { per_page: 100 })).body);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await call(reviewQueue, { page, per_page: 5 });
      expect(res.body.data).toMatchObject({ total: 12, last_page: 3 });
      pages.push(...keys(res.body));
    }
    expect(pages).toEqual(whole);
    expect(new Set(whole).size).toBe(12);
    expect(whole.slice(0, 4)).toEqual([
      'company Company 0',
      'company Company 1',
      'company Company 2',
      'company Company 3',
    ]);
    expect((await call(reviewQueue, { page: 4, per_page: 5 })).body.data.data).toEqual([]);
  });

  it('answers the documents as signed URLs with their expiry dates', async () => {
    const { database, call } = await setup();
    const driver = await createDriver(database, {
      approval: 'Pending',
      dlFront: 'seed/front.svg',
      holdingDl: 'seed/holding.svg',
    });
    const company = await createCompany(database, {
      approval: 'Pending',
      companyDoc: ['seed/licence.svg', 'seed/certificate.svg'],
    });
    const vehicle = await createVehicle(database, {
      approval: 'Pending',
      registrationFront: 'seed/reg-front.svg',
      insurance: 'seed/insurance.svg',
      vehicleFront: 'seed/front.svg',
      vehicleLeft: 'seed/left.svg',
    });
    await database.db.insert(documentExpiries).values({
      tableName: 'users',
      recordId: driver.id,
      document: 'driver_licence',
      expiresOn: '2027-05-01',
    });

    const items: { id: number; documents: unknown }[] = (await call(reviewQueue)).body.data.data;
    expect(items.find((item) => item.id === driver.id)?.documents).toEqual([
      {
        document: 'driver_licence',
        expires: true,
        expires_on: '2027-05-01',
        images: [
          { field: 'dl_front', url: signedUrlOf('/uploads/seed/front.svg') },
          { field: 'holding_dl', url: signedUrlOf('/uploads/seed/holding.svg') },
        ],
      },
    ]);
    expect(items.find((item) => item.id === company.id)?.documents).toEqual([
      {
        document: 'business_licence',
        expires: true,
        expires_on: null,
        images: [{ field: 'company_doc', url: signedUrlOf('/uploads/seed/licence.svg') }],
      },
      {
        document: 'certificate_of_incorporation',
        expires: false,
        expires_on: null,
        images: [{ field: 'company_doc', url: signedUrlOf('/uploads/seed/certificate.svg') }],
      },
    ]);
    // A vehicle's photos beside its registration and insurance: plate and colour are checked on the car.
    const car = items.find(
      (item) => item.id === vehicle.id && (item as { kind?: string }).kind === 'vehicle',
    );
    expect(car?.documents).toEqual([
      {
        document: 'registration',
        expires: true,
        expires_on: null,
        images: [{ field: 'registration_front', url: signedUrlOf('/uploads/seed/reg-front.svg') }],
      },
      {
        document: 'insurance',
        expires: true,
        expires_on: null,
        images: [{ field: 'insurance', url: signedUrlOf('/uploads/seed/insurance.svg') }],
      },
      {
        document: 'vehicle_photos',
        expires: false,
        expires_on: null,
        images: [
          { field: 'vehicle_front', url: signedUrlOf('/uploads/seed/front.svg') },
          { field: 'vehicle_left', url: signedUrlOf('/uploads/seed/left.svg') },
        ],
      },
    ]);
  });
});
