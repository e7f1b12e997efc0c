import { recordLookup } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../../test/builders';
import { createAdmin, signedIn, signedInApp } from '../../../test/helper';

const PASSWORD = 'another long passphrase';

describe('lookup', () => {
  it('finds passengers, drivers and companies by name, e-mail or phone, each with its route', async () => {
    const { database, call } = await signedInApp();
    const passenger = await createUser(database, {
      name: 'Marta Ruiz',
      email: 'marta@example.test',
      phone: '5551234567',
    });
    const driver = await createDriver(database, { name: 'Marta Gil' });
    const company = await createCompany(database, { companyName: 'Marta Cabs' });
    await createUser(database, { name: 'Gone Marta', deletedAt: new Date() });

    const byName = await call(recordLookup, { q: ' marta ' });
    expect(byName.statusCode).toBe(200);
    expect(byName.body.message).toBe('Lookup done.');
    expect(byName.body.data).toEqual(
      expect.arrayContaining([
        {
          kind: 'passenger',
          id: passenger.id,
          label: 'Marta Ruiz',
          hint: 'marta@example.test · 5551234567',
          route: `/user-detail/${passenger.id}`,
        },
        expect.objectContaining({
          kind: 'driver',
          id: driver.id,
          label: 'Marta Gil',
          route: `/driver-detail/${driver.id}`,
        }),
        expect.objectContaining({
          kind: 'company',
          id: company.id,
          label: 'Marta Cabs',
          route: `/company-detail/${company.id}`,
        }),
      ]),
    );
    expect(byName.body.data).toHaveLength(3);
    expect(
      (await call(recordLookup, { q: '5551234' })).body.data.map((h: { id: number }) => h.id),
    ).toEqual([passenger.id]);
    expect(
      (await call(recordLookup, { q: 'MARTA@EXAMPLE' })).body.data.map((h: { id: number }) => h.id),
    ).toEqual([passenger.id]);
  });

  it('finds a vehicle by plate, a trip by id and a sale by transaction id', async () => {
    const { database, call } = await signedInApp();
    const vehicle = await createVehicle(database, { licenseNumber: 'QX-4411' });
    const ride = await createRide(database, { pickupAddress: '1 Main St', dropAddress: 'Airport' });

    expect((await call(recordLookup, { q: 'qx-44' })).body.data).toEqual([
      expect.objectContaining({
        kind: 'vehicle',
        id: vehicle.id,
        label: 'QX-4411',
        route: `/vehicle-detail/${vehicle.id}`,
      }),
    ]);
    const byTrip = await call(recordLookup, { q: `#${ride.id}` });
    expect(byTrip.body.data).toContainEqual({
      kind: 'trip',
      id: ride.id,
      label: `Trip #${ride.id}`,
      hint: '1 Main St → Airport',
      route: `/trip-detail/${ride.id}`,
    });
    // createRide pays a Complete trip with TXN<ride id>; its sale opens the trip.
    const bySale = await call(recordLookup, { q: `txn${ride.id}` });
    expect(bySale.body.data).toEqual([
      expect.objectContaining({
        kind: 'sale',
        label: `TXN${ride.id}`,
        hint: '25.00 · Card',
        route: `/trip-detail/${ride.id}`,
      }),
    ]);
  });

  it('answers at most 10 hits of a kind', async () => {
    const { database, call } = await signedInApp();
    for (let i = 0; i < 12; i++) await createUser(database, { name: `Zed ${i}` });
    const res = await call(recordLookup, { q: 'zed' });
    expect(res.body.data).toHaveLength(10);
  });

  it('answers the newest people of a common term, and those of a rare one however old', async () => {
    const { database, call } = await signedInApp();
    const old = [
      await createUser(database, { name: 'Ann Quill' }),
      await createUser(database, { name: 'Bo Quill' }),
    ];
    // More passengers than a lookup walks (the newest 1,500), three of them Quills.
    await database.rows(sql`
      insert into users (role, name, email, approval)
      select 'User', case when g in (1990, 1995, 2000) then 'Cy Quill ' || g else 'Rider ' || g end,
             'p' || g || '@example.test', 'Approved'
      from generate_series(1, 2000) g`);
    const labels = async (q: string) =>
      (await call(recordLookup, { q })).body.data.map((hit: { label: string }) => hit.label);

    expect(await labels('rider')).toEqual(
      [1999, 1998, 1997, 1996, 1994, 1993, 1992, 1991, 1989, 1988].map((g) => `Rider ${g}`),
    );
    const quills = (await call(recordLookup, { q: 'quill' })).body.data;
    expect(quills.map((hit: { id: number }) => hit.id)).toEqual(
      expect.arrayContaining(old.map((user) => user.id)),
    );
    // Too short for a trigram: found by reading the passengers.
    expect(await labels('nn')).toEqual(['Ann Quill']);
    expect([...(await labels('quill'))].sort()).toEqual([
      'Ann Quill',
      'Bo Quill',
      'Cy Quill 1990',
      'Cy Quill 1995',
      'Cy Quill 2000',
    ]);
  });

  it('leaves out the sales for roles that may not read them', async () => {
    const { app, database, call } = await signedInApp();
    const ride = await createRide(database);
    await createAdmin(database, { email: 'op@cabdesk.test', password: PASSWORD }, 'Operator');
    await createAdmin(database, { email: 'fin@cabdesk.test', password: PASSWORD }, 'Finance');
    const q = { q: `TXN${ride.id}` };
    const kinds = (data: { kind: string }[]) => data.map((h) => h.kind);
    expect(kinds((await call(recordLookup, q)).body.data)).toEqual(['sale']);
    const operator = await signedIn(app, { email: 'op@cabdesk.test', password: PASSWORD });
    expect((await operator.call(recordLookup, q)).body.data).toEqual([]);
    const finance = await signedIn(app, { email: 'fin@cabdesk.test', password: PASSWORD });
    expect(kinds((await finance.call(recordLookup, q)).body.data)).toEqual(['sale']);
  });

  it('refuses a q shorter than 2 or longer than 100 characters', async () => {
    const { call } = await signedInApp();
    for (const q of ['', ' a ', 'x'.repeat(101)]) {
      const res = await call(recordLookup, { q });
      expect(res.statusCode).toBe(400);
      expect(res.body.data.errors).toEqual({ q: 'q must be 2 to 100 characters.' });
    }
  });
});
