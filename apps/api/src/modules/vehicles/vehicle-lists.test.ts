import { VEHICLE_SORTS, vehicleDetail, vehicleList } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { driverVehicles, users } from '../../db/schema';
import { createCompany, createDriver, createVehicle } from '../../../test/builders';
import { signedInApp } from '../../../test/helper';
import { everyPage, expectSorts, expectUnknownSortRefused, idsSortedBy } from '../../../test/lists';

async function setup() {
  const { database, call } = await signedInApp();
  return { database, call };
}

const at = (iso: string) => new Date(iso);

type VehicleItem = Awaited<ReturnType<typeof everyPage>>[number] & {
  license_number: string;
  approval: string;
  service_type_data: { id: number };
  vehicle_type_data: { id: number };
  company_data: { id: number };
};

describe('vehicle-list sorts and filters', () => {
  it('sorts by date and plate (ties by id) and filters by type, approval and company together', async () => {
    const { database, call } = await setup();
    const olive = await createCompany(database);
    const zest = await createCompany(database);
    const first = await createVehicle(database, {
      companyId: olive.id,
      licenseNumber: 'abc-1',
      createdAt: at('2024-01-01T00:00:00Z'),
    });
    const twin = { serviceTypeId: first.serviceTypeId, vehicleTypeId: first.vehicleTypeId };
    await createVehicle(database, {
      ...twin,
      companyId: olive.id,
      licenseNumber: 'ABC-1',
      createdAt: at('2024-01-01T00:00:00Z'),
      approval: 'Pending',
    });
    const other = await createVehicle(database, {
      companyId: zest.id,
      licenseNumber: 'XYZ-9',
      createdAt: at('2024-01-02T00:00:00Z'),
    });
    await createVehicle(database, {
      serviceTypeId: first.serviceTypeId,
      vehicleTypeId: other.vehicleTypeId,
      companyId: zest.id,
      licenseNumber: 'B-2',
      createdAt: at('2024-01-03T00:00:00Z'),
      approval: 'Pending',
    });

    await expectSorts(call, vehicleList, {}, VEHICLE_SORTS);
    await expectUnknownSortRefused(call, vehicleList, {}, VEHICLE_SORTS, 'brand');

    const all = (await everyPage(call, vehicleList, {})) as VehicleItem[];
    const cases: [Record<string, unknown>, (v: VehicleItem) => boolean][] = [
      [
        { service_type_id: first.serviceTypeId },
        (v) => v.service_type_data.id === first.serviceTypeId,
      ],
      [
        { vehicle_type_id: other.vehicleTypeId },
        (v) => v.vehicle_type_data.id === other.vehicleTypeId,
      ],
      [
        { service_type_id: first.serviceTypeId, approval: 'Pending' },
        (v) => v.service_type_data.id === first.serviceTypeId && v.approval === 'Pending',
      ],
      [
        { service_type_id: first.serviceTypeId, company_id: zest.id },
        (v) => v.service_type_data.id === first.serviceTypeId && v.company_data.id === zest.id,
      ],
      [
        { vehicle_type_id: first.vehicleTypeId, search: 'abc' },
        (v) => v.vehicle_type_data.id === first.vehicleTypeId,
      ],
      [{ company_id: olive.id }, (v) => v.company_data.id === olive.id],
      [{ service_type_id: 999_999 }, () => false],
    ];
    for (const [query, keep] of cases) {
      const kept = all.filter(keep);
      for (const sort of ['license_number', '-created_at']) {
        const found = await everyPage(call, vehicleList, { ...query, sort });
        expect(
          found.map((v) => v.id),
          JSON.stringify(query),
        ).toEqual(idsSortedBy(kept, sort.replace('-', ''), sort.startsWith('-')));
      }
      const total = (await call(vehicleList, { ...query, per_page: 1 })).body.data;
      expect(total).toMatchObject({ total: kept.length, total_exact: true });
    }
    for (const field of ['service_type_id', 'vehicle_type_id']) {
      const res = await call(vehicleList, { [field]: '1.5' });
      expect(res.statusCode).toBe(400);
      expect(res.body.data).toEqual({ errors: { [field]: 'Must be a whole number.' } });
    }
  });
});

describe('vehicle-detail links the vehicle to its drivers', () => {
  it('answers the live drivers who drive it, by name', async () => {
    const { database, call } = await setup();
    const company = await createCompany(database);
    const vehicle = await createVehicle(database, { companyId: company.id });
    const zoe = await createDriver(database, {
      name: 'Zoe',
      email: 'zoe@example.test',
      phone: '5550000001',
      companyId: company.id,
    });
    const abe = await createDriver(database, {
      name: 'abe',
      email: 'abe@example.test',
      phone: null,
      companyId: company.id,
    });
    const gone = await createDriver(database, { companyId: company.id });
    await createDriver(database, { companyId: company.id });
    await database.db
      .insert(driverVehicles)
      .values([zoe, abe, gone].map((d) => ({ driverId: d.id, vehicleId: vehicle.id })));
    await database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, gone.id));

    const detail = (await call(vehicleDetail, { vehicle_id: vehicle.id })).body.data;
    expect(detail.drivers).toEqual([
      { id: abe.id, name: 'abe', email: 'abe@example.test', phone: null },
      { id: zoe.id, name: 'Zoe', email: 'zoe@example.test', phone: '5550000001' },
    ]);
  });
});
