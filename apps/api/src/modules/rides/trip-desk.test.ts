import {
  integrationKeyCreate,
  integrationTrips,
  recordHistory,
  RIDE_CANCEL_REASONS,
  rideCancel,
  rideDetail,
  rideList,
  rideTimeline,
  type Ride,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../../test/builders';
import { bearer, callApi, downloadCsv, fakeClock, signedInApp } from '../../../test/helper';

/** Issue 45, point 5: what the trips' screens need of the server. */

const TODAY = new Date('2026-11-24T10:00:00Z');

async function setup() {
  const clock = fakeClock(TODAY);
  return signedInApp(clock.now);
}

type Database = Awaited<ReturnType<typeof setup>>['database'];

/** Three vehicles of one company: in order, one in good standing, one inactive, one uninsured. */
async function fleet(database: Database) {
  const company = await createCompany(database, { companyName: 'Checker Transport' });
  const driver = await createDriver(database, { companyId: company.id });
  const good = await createVehicle(database, { companyId: company.id, licenseNumber: 'GOOD-1' });
  const inactive = await createVehicle(database, {
    companyId: company.id,
    licenseNumber: 'IDLE-2',
    status: 'Inactive',
    statusReason: 'Sold',
  });
  const uninsured = await createVehicle(database, {
    companyId: company.id,
    licenseNumber: 'LAPS-3',
  });
  const insurance = (id: number, day: string) =>
    database.db.execute(
      sql`insert into document_expiries (table_name, record_id, document, expires_on)
          values ('vehicles', ${id}, 'insurance', ${day})`,
    );
  await insurance(good.id, '2026-11-25');
  await insurance(uninsured.id, '2026-11-24');
  return { company, driver, good, inactive, uninsured };
}

const byId = (rides: Ride[]) => new Map(rides.map((ride) => [ride.id, ride]));

describe('a trip’s vehicle flags', () => {
  it('flags a trip on an inactive vehicle or one whose insurance expired, on the list, the detail and a search', async () => {
    const { database, call } = await setup();
    const { company, driver, good, inactive, uninsured } = await fleet(database);
    const passenger = await createUser(database, { name: 'Ana Flagged' });
    const trip = (vehicleId: number | null) =>
      createRide(database, {
        userId: passenger.id,
        driverId: vehicleId === null ? null : driver.id,
        companyId: vehicleId === null ? null : company.id,
        vehicleId,
      });
    const onGood = await trip(good.id);
    const onInactive = await trip(inactive.id);
    const onUninsured = await trip(uninsured.id);
    const without = await trip(null);

    const list = await call(rideList, { per_page: 10 });
    expect(list.statusCode).toBe(200);
    const rides = byId(list.body.data.data as Ride[]);
    expect(rides.get(onGood.id)?.flags).toEqual([]);
    expect(rides.get(onInactive.id)?.flags).toEqual(['vehicle_inactive']);
    // Valid through the day before its expiry date: expired on that day.
    expect(rides.get(onUninsured.id)?.flags).toEqual(['insurance_expired']);
    expect(rides.get(without.id)?.flags).toEqual([]);
    expect(rides.get(onInactive.id)?.driver?.vehicle?.license_number).toBe('IDLE-2');

    // A search answers them too, and the detail.
    const searched = await call(rideList, { search: 'Ana Flagged' });
    expect(byId(searched.body.data.data as Ride[]).get(onUninsured.id)?.flags).toEqual([
      'insurance_expired',
    ]);
    const detail = await call(rideDetail, { ride_id: onInactive.id });
    expect(detail.body.data.flags).toEqual(['vehicle_inactive']);

    // Both at once.
    await database.db.execute(
      sql`update vehicles set status = 'Inactive' where id = ${uninsured.id}`,
    );
    const both = await call(rideDetail, { ride_id: onUninsured.id });
    expect(both.body.data.flags).toEqual(['vehicle_inactive', 'insurance_expired']);
  });
});

describe('the service type a trip asked for', () => {
  it('is kept from the marketplace’s request and shown on a Pending trip, which has no vehicle', async () => {
    const { app, database, call } = await setup();
    await createVehicle(database, {}, { service: 'Premium' });
    const passenger = await createUser(database, { externalId: 'usr_1' });
    const made = await call(integrationKeyCreate, { name: 'Marketplace', scopes: ['trips:write'] });
    const key: string = made.body.data.key;
    const send = (body: Record<string, unknown>) =>
      callApi(app, integrationTrips, body, bearer(key));
    const request = {
      external_id: 'trp_1',
      event: 'created',
      at: '2026-11-24T09:00:00Z',
      user_external_id: 'usr_1',
      pickup_address: '1 Harbour Rd',
      drop_address: '9 Hill St',
    };
    const refused = await send({ ...request, service_type: 'Helicopter' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.data.errors).toEqual({ service_type: expect.any(String) });

    const sent = await send({ ...request, service_type: 'premium' });
    expect(sent.statusCode).toBe(200);
    const id = sent.body.data.id as number;
    const detail = (await call(rideDetail, { ride_id: id })).body.data as Ride;
    expect(detail.ride_status).toBe('Pending');
    expect(detail.driver).toBeNull();
    expect(detail.service_type).toEqual({ id: expect.any(Number), title: 'Premium' });
    const listed = byId((await call(rideList, { ride_status: 'Pending' })).body.data.data);
    expect(listed.get(id)?.service_type?.title).toBe('Premium');
    expect(passenger.id).toBe(detail.user.id);
  });
});

describe('cancelling a trip with a usual reason', () => {
  it('keeps SPEC’s call: the reason is stored, on the trip, its timeline and its history', async () => {
    const { database, call } = await setup();
    const trip = await createRide(database, { rideStatus: 'Pending' });
    const reason = RIDE_CANCEL_REASONS.passenger_no_show;
    const res = await call(rideCancel, { ride_id: trip.id, reason });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.cancel_reason).toBe('Passenger no-show');

    const detail = await call(rideDetail, { ride_id: trip.id });
    expect(detail.body.data).toMatchObject({ ride_status: 'Cancel', cancel_reason: reason });
    const timeline = await call(rideTimeline, { ride_id: trip.id });
    expect(timeline.body.data.events.at(-1)).toMatchObject({ event: 'cancelled', reason });
    const history = await call(recordHistory, { table: 'rides', id: trip.id });
    expect(history.body.data.data[0]).toMatchObject({ action: 'ride-cancel', reason });
  });
});

describe('the trips’ export file', () => {
  it('is named after the days it covers, else after the day it was made', async () => {
    const { app, database, token } = await setup();
    await createRide(database, { createdAt: new Date('2026-11-18T12:00:00Z') });
    const nameOf = async (query: Record<string, string>) =>
      (await downloadCsv(app, token, rideList, query)).headers['content-disposition'];

    expect(await nameOf({ from: '2026-11-16', to: '2026-11-22' })).toBe(
      'attachment; filename="trips_2026-11-16_to_2026-11-22.csv"',
    );
    expect(await nameOf({ from: '2026-11-16' })).toBe(
      'attachment; filename="trips_2026-11-16_to_2026-11-24.csv"',
    );
    expect(await nameOf({ to: '2026-11-22' })).toBe(
      'attachment; filename="trips_to_2026-11-22.csv"',
    );
    expect(await nameOf({ ride_status: 'Complete' })).toBe(
      'attachment; filename="trips-2026-11-24.csv"',
    );
  });
});
