import {
  allUsers,
  driverList,
  recordLookup,
  rideList,
  userList,
  vehicleList,
} from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../test/builders';
import { signedInApp } from '../../test/helper';
import { phoneDigitsOf, plateOf } from './search';

// Issue 45: a phone number pasted as it is written, or a plate typed without its
// dash, finds what the stored number or plate finds, in every list and the palette.
const PASTED = ['(717) 157-3947', '+1 717-157-3947', '717.157.3947', '7171573947'];

const idsOf = (answer: { body: { data: { data: { id: number }[] } } }) =>
  answer.body.data.data.map((row) => row.id);

describe('a search that forgives how a term is typed', () => {
  it('reads a pasted phone number as its digits, and leaves any other term alone', () => {
    expect(PASTED.map(phoneDigitsOf)).toEqual(['7171573947', '7171573947', '7171573947', null]);
    expect(phoneDigitsOf('157-3947')).toBe('1573947');
    expect(phoneDigitsOf('12-14')).toBe(null);
    expect(phoneDigitsOf('Route 66-A')).toBe(null);
    expect(plateOf('lwn 2992')).toBe('lwn2992');
    expect(plateOf('LWN.2992')).toBe('LWN2992');
    expect(plateOf('lwn2992')).toBe(null);
    expect(plateOf('Mill Road')).toBe(null);
  });

  it('finds a passenger, a driver, a company and their trips by a pasted phone number', async () => {
    const { database, call } = await signedInApp();
    const passenger = await createUser(database, { name: 'Ada Phone', phone: '7171573947' });
    await createUser(database, { name: 'Other Person', phone: '7171573900' });
    const company = await createCompany(database, { phone: '7171573947' });
    const driver = await createDriver(database, { phone: '7171573947', companyId: company.id });
    const ride = await createRide(database, { userId: passenger.id });
    await createRide(database);

    for (const search of PASTED) {
      expect(idsOf(await call(userList, { user_type: 'User', search })), search).toEqual([
        passenger.id,
      ]);
      expect(idsOf(await call(userList, { user_type: 'Company', search })), search).toEqual([
        company.id,
      ]);
      expect(idsOf(await call(driverList, { search })), search).toEqual([driver.id]);
      expect(idsOf(await call(allUsers, { search })), search).toEqual(
        expect.arrayContaining([passenger.id, company.id, driver.id]),
      );
      expect(idsOf(await call(allUsers, { search })), search).toHaveLength(3);
      expect(idsOf(await call(rideList, { search })), search).toEqual([ride.id]);
      const hits = (await call(recordLookup, { q: search })).body.data as { id: number }[];
      expect(
        hits.map((h) => h.id),
        search,
      ).toEqual(expect.arrayContaining([passenger.id, driver.id, company.id]));
    }
  });

  it('finds a plate typed without its dash or with another separator', async () => {
    const { database, call } = await signedInApp();
    const vehicle = await createVehicle(database, { licenseNumber: 'LWN-2992' });
    await createVehicle(database, { licenseNumber: 'LWN-3000' });

    for (const search of ['lwn2992', 'LWN 2992', 'lwn.2992', 'LWN-2992', 'wn29']) {
      expect(idsOf(await call(vehicleList, { search })), search).toEqual([vehicle.id]);
      const hits = (await call(recordLookup, { q: search })).body.data as {
        kind: string;
        id: number;
      }[];
      expect(
        hits.filter((h) => h.kind === 'vehicle').map((h) => h.id),
        search,
      ).toEqual([vehicle.id]);
    }
  });
});
