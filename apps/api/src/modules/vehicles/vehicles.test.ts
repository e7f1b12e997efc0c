import { type Vehicle, vehicleDetail, vehicleList } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vehicles } from '../../db/schema';
import { createCompany, createVehicle } from '../../../test/builders';
import { signedInApp, signedUrlOf, writeUploads } from '../../../test/helper';

type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

async function setup() {
  const { app, database, config, call } = await signedInApp();
  return { app, database, config, call };
}

const at = (iso: string) => new Date(iso);
const plates = (page: Paged<Vehicle>) => page.data.map((v) => v.license_number);

describe('vehicle-list and vehicle-detail', () => {
  it('answer the vehicle of SPEC 3 with its catalogue names, company and images', async () => {
    const { app, database, config, call } = await setup();
    const company = await createCompany(database, {
      name: 'Olive Owner',
      companyName: 'Olive Cabs',
      email: 'olive@example.test',
      phone: '5550001111',
    });
    const vehicle = await createVehicle(
      database,
      {
        companyId: company.id,
        licenseNumber: 'ABC-123',
        approval: 'Pending',
        createdAt: at('2024-03-05T09:12:00Z'),
        registrationFront: 'seed/reg-front.svg',
        registrationBack: 'seed/reg-back.svg',
        insurance: 'seed/insurance.svg',
        vehicleFront: 'seed/front.svg',
        vehicleBack: 'seed/back.svg',
        vehicleRight: 'seed/right.svg',
        vehicleLeft: null,
      },
      { service: 'Comfort', type: 'Minivan', seats: 7, brand: 'Kia', model: 'Carnival' },
    );

    const expected = {
      id: vehicle.id,
      license_number: 'ABC-123',
      approval: 'Pending',
      status: 'Active',
      status_reason: null,
      created_at: '2024-03-05T09:12:00.000Z',
      service_type_data: { id: vehicle.serviceTypeId, title: 'Comfort' },
      vehicle_type_data: { id: vehicle.vehicleTypeId, title: 'Minivan', seats: 7 },
      brand_name: { id: vehicle.brandId, name: 'Kia' },
      model_name: { id: vehicle.modelId, name: 'Carnival' },
      color_name: { id: vehicle.colorId, name: 'White' },
      company_data: {
        id: company.id,
        company_name: 'Olive Cabs',
        name: 'Olive Owner',
        phone: '5550001111',
        email: 'olive@example.test',
      },
      registration_front: signedUrlOf('/uploads/seed/reg-front.svg'),
      registration_back: signedUrlOf('/uploads/seed/reg-back.svg'),
      insurance: signedUrlOf('/uploads/seed/insurance.svg'),
      vehicle_front: signedUrlOf('/uploads/seed/front.svg'),
      vehicle_back: signedUrlOf('/uploads/seed/back.svg'),
      vehicle_right: signedUrlOf('/uploads/seed/right.svg'),
      vehicle_left: null,
    };

    const list = await call(vehicleList);
    expect(list.statusCode).toBe(200);
    expect(list.body).toEqual({
      status: true,
      message: 'Vehicles fetched successfully.',
      data: {
        data: [expected],
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: 1,
        total_exact: true,
      },
    });

    const detail = await call(vehicleDetail, { vehicle_id: vehicle.id });
    expect(detail.statusCode).toBe(200);
    // The detail adds the last decision (none yet) and the documents: SPEC's image fields
    // stay as they are, grouped with their expiry dates (none entered yet).
    expect(detail.body).toEqual({
      status: true,
      message: 'Vehicle fetched successfully.',
      data: {
        ...expected,
        approval_reason: null,
        approval_decided_at: null,
        approval_decided_by: null,
        documents: [
          {
            document: 'registration',
            expires: true,
            expires_on: null,
            images: [
              { field: 'registration_front', url: expected.registration_front },
              { field: 'registration_back', url: expected.registration_back },
            ],
          },
          {
            document: 'insurance',
            expires: true,
            expires_on: null,
            images: [{ field: 'insurance', url: expected.insurance }],
          },
          {
            // The car itself (three of its four photos uploaded), to check plate and colour.
            document: 'vehicle_photos',
            expires: false,
            expires_on: null,
            images: [
              { field: 'vehicle_front', url: expected.vehicle_front },
              { field: 'vehicle_back', url: expected.vehicle_back },
              { field: 'vehicle_right', url: expected.vehicle_right },
            ],
          },
        ],
        drivers: [],
      },
    });
    // One image, one URL for a while: the list and the detail share the browser's cached copy.
    const shown = detail.body.data as Vehicle;
    expect(shown.insurance).toBe((list.body.data as Paged<Vehicle>).data[0]!.insurance);
    // Every image loads as the page's <img> asks for it, with no token.
    writeUploads(
      config,
      ['reg-front', 'reg-back', 'insurance', 'front', 'back', 'right'].map((n) => `seed/${n}.svg`),
    );
    const urls = [
      shown.registration_front,
      shown.registration_back,
      shown.insurance,
      shown.vehicle_front,
      shown.vehicle_back,
      shown.vehicle_right,
    ];
    for (const url of urls) {
      const image = await app.inject({ url: url! });
      expect(image.statusCode, url!).toBe(200);
      expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
  });

  it('filters by company and approval, newest first, with paging bounds', async () => {
    const { database, call } = await setup();
    const company = await createCompany(database);
    const other = await createCompany(database);
    const day = (d: number) => at(`2024-01-0${d}T00:00:00Z`);
    await createVehicle(database, {
      companyId: company.id,
      licenseNumber: 'A-1',
      createdAt: day(1),
    });
    await createVehicle(database, {
      companyId: company.id,
      licenseNumber: 'A-2',
      createdAt: day(2),
      approval: 'Pending',
    });
    await createVehicle(database, {
      companyId: company.id,
      licenseNumber: 'A-3',
      createdAt: day(3),
    });
    await createVehicle(database, { companyId: other.id, licenseNumber: 'B-1', createdAt: day(4) });

    expect(plates((await call(vehicleList)).body.data)).toEqual(['B-1', 'A-3', 'A-2', 'A-1']);
    const mine = (await call(vehicleList, { company_id: company.id })).body.data;
    expect(plates(mine)).toEqual(['A-3', 'A-2', 'A-1']);
    expect(mine.total).toBe(3);
    const pending = (await call(vehicleList, { company_id: company.id, approval: 'Pending' })).body
      .data;
    expect(plates(pending)).toEqual(['A-2']);
    expect(pending.total).toBe(1);
    expect((await call(vehicleList, { approval: 'Approved' })).body.data.total).toBe(3);

    const page2 = (await call(vehicleList, { per_page: 3, page: 2 })).body.data;
    expect(plates(page2)).toEqual(['A-1']);
    expect(page2).toMatchObject({ current_page: 2, last_page: 2, total: 4 });
    const beyond = (await call(vehicleList, { per_page: 3, page: 3 })).body.data;
    expect(beyond).toEqual({
      data: [],
      current_page: 3,
      last_page: 2,
      per_page: 3,
      total: 4,
      total_exact: true,
    });

    const tooBig = await call(vehicleList, { per_page: 101 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.data.errors).toHaveProperty('per_page');
    const bad = await call(vehicleList, { page: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toHaveProperty('page');
    expect((await call(vehicleList, { approval: 'Maybe' })).statusCode).toBe(400);
  });

  it('searches plate, company, owner, brand, model and types, literally', async () => {
    const { database, call } = await setup();
    const olive = await createCompany(database, { name: 'Ollie', companyName: 'Olive Cabs' });
    const zed = await createCompany(database, { name: 'Zed', companyName: 'Zed 100% Taxis' });
    await createVehicle(
      database,
      { companyId: olive.id, licenseNumber: 'AB_12' },
      { brand: 'Kia' },
    );
    await createVehicle(
      database,
      { companyId: olive.id, licenseNumber: 'ABX12' },
      { model: 'Corolla', type: 'Hatchback' },
    );
    await createVehicle(database, { companyId: zed.id, licenseNumber: "O'NEIL-1" });

    const search = async (term: string, query: Record<string, string | number> = {}) =>
      plates((await call(vehicleList, { search: term, ...query })).body.data);

    expect(await search('ab_')).toEqual(['AB_12']);
    expect(await search('KIA')).toEqual(['AB_12']);
    expect(await search('corolla')).toEqual(['ABX12']);
    expect(await search('hatch')).toEqual(['ABX12']);
    expect(await search('olive cabs')).toEqual(['ABX12', 'AB_12']);
    expect(await search('ollie')).toEqual(['ABX12', 'AB_12']);
    expect(await search('100%')).toEqual(["O'NEIL-1"]);
    expect(await search("o'neil")).toEqual(["O'NEIL-1"]);
    expect(await search('%')).toEqual(["O'NEIL-1"]);
    expect(await search('ab', { company_id: zed.id })).toEqual([]);
    const counted = (await call(vehicleList, { search: 'ab', company_id: olive.id })).body.data;
    expect(counted.total).toBe(2);
  });

  it('answers 404 for a missing or deleted vehicle and an unknown company', async () => {
    const { database, call } = await setup();
    const gone = await createVehicle(database);
    await database.db
      .update(vehicles)
      .set({ deletedAt: sql`now()` })
      .where(eq(vehicles.id, gone.id));
    for (const id of [gone.id, 999999]) {
      const res = await call(vehicleDetail, { vehicle_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'Vehicle not found.', data: null });
    }
    expect((await call(vehicleList)).body.data.total).toBe(0);
    const unknown = await call(vehicleList, { company_id: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('Company not found.');
    expect((await call(vehicleDetail, { vehicle_id: 'abc' })).statusCode).toBe(400);
  });
});
