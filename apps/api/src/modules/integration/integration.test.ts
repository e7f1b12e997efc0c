import {
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
  integrationPeople,
  integrationVehicles,
  notificationList,
  reviewQueue,
  type IntegrationScope,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { pruneSpentLimits } from '../../prune';
import { brands, integrationKeys, users, vehicles } from '../../db/schema';
import { createVehicle } from '../../../test/builders';
import { bearer, callApi, fakeClock, signedInApp, type TestEnv } from '../../../test/helper';

type Built = Awaited<ReturnType<typeof signedInApp>>;

/** An Owner's app and an integration key of `scopes` made through the admin API. */
async function withKey(
  scopes: IntegrationScope[] = ['people:write', 'vehicles:write'],
  options: { clock?: () => Date; env?: TestEnv } = {},
) {
  const built = await signedInApp(options.clock, options.env);
  const made = await built.call(integrationKeyCreate, { name: 'Marketplace', scopes });
  const key: string = made.body.data.key;
  const send = (
    endpoint: typeof integrationPeople | typeof integrationVehicles,
    body: Record<string, unknown>,
    idempotencyKey?: string,
  ) =>
    callApi(built.app, endpoint, body, {
      ...bearer(key),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
  return { ...built, key, keyId: made.body.data.id as number, send };
}

const COMPANY = {
  external_id: 'c-1',
  user_type: 'Company',
  name: 'Maria Ortiz',
  email: 'office@olive-cabs.test',
  phone: '+1 555 0101',
  company_name: 'Olive Cabs',
};
const DRIVER = {
  external_id: 'd-1',
  user_type: 'Driver',
  name: 'Ann Lee',
  email: 'ann@example.test',
  phone: '555-0102',
  gender: 'Female',
  dob: '1990-04-01',
  company_external_id: 'c-1',
};
const VEHICLE = {
  external_id: 'v-1',
  company_external_id: 'c-1',
  service_type: 'standard',
  vehicle_type: 'SEDAN',
  brand: 'Toyota',
  model: 'Corolla',
  color: 'Blue',
  seats: 4,
  license_number: 'OLV-1001',
};

const countOf = async (database: Database, table: 'users' | 'vehicles' | 'notifications') => {
  const rows = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('the integration API’s door', () => {
  it('answers 401 without a key, with a bad or revoked one, and to an administrator’s session', async () => {
    const { app, token, send } = await withKey();
    const none = await callApi(app, integrationPeople, COMPANY);
    expect(none.statusCode).toBe(401);
    expect(none.body).toEqual({ status: false, message: INTEGRATION_MESSAGES.noKey, data: null });
    const forged = await callApi(app, integrationPeople, COMPANY, bearer('cdk_not-a-key'));
    expect(forged.statusCode).toBe(401);
    expect(forged.body.message).toBe(INTEGRATION_MESSAGES.badKey);
    // The Owner's own session reaches nothing here.
    const session = await callApi(app, integrationPeople, COMPANY, bearer(token));
    expect(session.statusCode).toBe(401);
    expect(session.body.message).toBe(INTEGRATION_MESSAGES.badKey);
    // ...while the key does.
    expect((await send(integrationPeople, COMPANY)).statusCode).toBe(200);
  });

  it('answers 403 to a call whose scope the key lacks, before reading the body', async () => {
    const { database, send } = await withKey(['vehicles:write']);
    const refused = await send(integrationPeople, COMPANY);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({
      status: false,
      message: 'This integration key does not have the scope people:write, which this call needs.',
      data: null,
    });
    const invalid = await send(integrationPeople, { nonsense: true });
    expect(invalid.statusCode).toBe(403);
    expect(await countOf(database, 'users')).toBe(0);
    // The scope it has opens its call (which then refuses an unknown company: a 422, not a 403).
    expect((await send(integrationVehicles, VEHICLE)).statusCode).toBe(422);
  });

  it('limits each key’s requests per minute: 429 with Retry-After', async () => {
    const clock = fakeClock(new Date('2026-03-02T10:00:10Z'));
    const { send } = await withKey(undefined, {
      clock: clock.now,
      env: { INTEGRATION_RATE_LIMIT: '2' },
    });
    expect((await send(integrationPeople, COMPANY)).statusCode).toBe(200);
    expect((await send(integrationPeople, COMPANY)).statusCode).toBe(200);
    const limited = await send(integrationPeople, COMPANY);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('50');
    expect(limited.body.message).toBe(INTEGRATION_MESSAGES.tooMany);
    clock.advance(50);
    expect((await send(integrationPeople, COMPANY)).statusCode).toBe(200);
  });

  it('keeps the key’s last use to the minute, not a write per request', async () => {
    const clock = fakeClock(new Date('2026-03-02T10:00:00Z'));
    const { database, keyId, send } = await withKey(undefined, { clock: clock.now });
    const lastUsed = async () =>
      (
        await database.db.select().from(integrationKeys).where(eq(integrationKeys.id, keyId))
      )[0]!.lastUsedAt?.toISOString();
    expect(await lastUsed()).toBeUndefined();
    await send(integrationPeople, COMPANY);
    expect(await lastUsed()).toBe('2026-03-02T10:00:00.000Z');
    clock.advance(59);
    await send(integrationPeople, COMPANY);
    expect(await lastUsed()).toBe('2026-03-02T10:00:00.000Z');
    clock.advance(1);
    await send(integrationPeople, COMPANY);
    expect(await lastUsed()).toBe('2026-03-02T10:01:00.000Z');
  });
});

describe('POST people', () => {
  it('registers a company and its driver Pending, for the review desk, the bell and the toasts', async () => {
    const { database, call, send } = await withKey();
    const company = await send(integrationPeople, COMPANY);
    expect(company.statusCode).toBe(200);
    expect(company.body.data).toEqual({
      id: expect.any(Number),
      external_id: 'c-1',
      created: true,
      user_type: 'Company',
      approval: 'Pending',
      status: 'Active',
    });
    const driver = await send(integrationPeople, DRIVER);
    expect(driver.statusCode).toBe(200);
    expect(driver.body.data.approval).toBe('Pending');

    const [row] = await database.db.select().from(users).where(eq(users.id, driver.body.data.id));
    expect(row).toMatchObject({
      role: 'Driver',
      externalId: 'd-1',
      companyId: company.body.data.id,
      gender: 'Female',
      dob: '1990-04-01',
      phone: '555-0102',
    });

    const queue = await call(reviewQueue);
    expect(
      queue.body.data.data.map((item: { kind: string; id: number }) => [item.kind, item.id]),
    ).toEqual(
      expect.arrayContaining([
        ['company', company.body.data.id],
        ['driver', driver.body.data.id],
      ]),
    );
    const bell = await call(notificationList);
    expect(bell.body.data.data.map((n: { title: string; message: string }) => n.message)).toEqual(
      expect.arrayContaining([
        'Ann Lee registered as a driver with Olive Cabs and is waiting for approval.',
        'Olive Cabs (office@olive-cabs.test) signed up and is waiting for approval.',
      ]),
    );
  });

  it('is an upsert by user_type and external_id: a second send changes the record, keeping its approval', async () => {
    const { database, send } = await withKey();
    const first = await send(integrationPeople, { ...COMPANY });
    await database.db
      .update(users)
      .set({ approval: 'Approved' })
      .where(eq(users.id, first.body.data.id));
    const second = await send(integrationPeople, {
      ...COMPANY,
      name: 'María Ortiz',
      phone: '555 0199',
    });
    expect(second.statusCode).toBe(200);
    expect(second.body.data).toMatchObject({
      id: first.body.data.id,
      created: false,
      approval: 'Approved',
    });
    const rows = await database.db.select().from(users);
    expect(rows.map((r) => [r.name, r.phone])).toEqual([['María Ortiz', '555 0199']]);
    // One notification: the registration, not the change.
    expect(await countOf(database, 'notifications')).toBe(1);
    // The same external_id of another user_type is another record.
    const passenger = await send(integrationPeople, {
      ...COMPANY,
      user_type: 'User',
      company_name: undefined,
    });
    expect(passenger.body.data).toMatchObject({ created: true, approval: 'Approved' });
  });

  it('writes once for the same Idempotency-Key and request, sent again or at once', async () => {
    const { database, send } = await withKey();
    const first = await send(integrationPeople, COMPANY, 'key-1');
    // The same request, its fields in another order and padded: read alike, so the same.
    const reordered = Object.fromEntries(
      Object.entries({ ...COMPANY, name: ` ${COMPANY.name} ` }).reverse(),
    );
    const again = await send(integrationPeople, reordered, 'key-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const together = await Promise.all(
      Array.from({ length: 6 }, () => send(integrationPeople, DRIVER, 'key-2')),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(together.map((r) => r.body.data.id)).size).toBe(1);
    expect(together.filter((r) => r.body.data.created)).toHaveLength(6);
    expect(together.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await countOf(database, 'users')).toBe(2);
    expect(await countOf(database, 'notifications')).toBe(2);
  });

  it('writes once for one external_id sent at once without an Idempotency-Key', async () => {
    const { database, send } = await withKey();
    const together = await Promise.all(
      Array.from({ length: 6 }, () => send(integrationPeople, COMPANY)),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(together.map((r) => r.body.data.id)).size).toBe(1);
    expect(together.filter((r) => r.body.data.created)).toHaveLength(1);
    expect(await countOf(database, 'users')).toBe(1);
    expect(await countOf(database, 'notifications')).toBe(1);
  });

  it('refuses the same Idempotency-Key with another request, changing nothing', async () => {
    const { database, send } = await withKey();
    await send(integrationPeople, COMPANY, 'key-1');
    const other = await send(integrationPeople, { ...COMPANY, name: 'Someone Else' }, 'key-1');
    expect(other.statusCode).toBe(422);
    expect(other.body.message).toBe(INTEGRATION_MESSAGES.idempotencyReused);
    expect((await database.db.select().from(users))[0]!.name).toBe('Maria Ortiz');
  });

  it('forgets an Idempotency-Key after a day, when the server prunes', async () => {
    const { database, send } = await withKey();
    await send(integrationPeople, COMPANY, 'key-1');
    await pruneSpentLimits(database.db, new Date(Date.now() + 23 * 3_600_000));
    const within = await send(integrationPeople, { ...COMPANY, name: 'Later' }, 'key-1');
    expect(within.statusCode).toBe(422);
    await pruneSpentLimits(database.db, new Date(Date.now() + 25 * 3_600_000));
    const after = await send(integrationPeople, { ...COMPANY, name: 'Later' }, 'key-1');
    expect(after.statusCode).toBe(200);
    expect((await database.db.select().from(users))[0]!.name).toBe('Later');
  });

  it('answers bad input with field errors and writes nothing', async () => {
    const { database, send } = await withKey();
    const bad = await send(integrationPeople, {
      external_id: 'has space',
      user_type: 'Admin',
      name: '',
      email: 'not-an-email',
      phone: 'call me',
      dob: '1990-13-45',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.status).toBe(false);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(
      ['dob', 'email', 'external_id', 'name', 'phone', 'user_type'].sort(),
    );
    const noCompanyName = await send(integrationPeople, { ...COMPANY, company_name: undefined });
    expect(noCompanyName.statusCode).toBe(400);
    expect(noCompanyName.body.data.errors).toEqual({
      company_name: 'company_name is required for a Company.',
    });
    const unknownCompany = await send(integrationPeople, DRIVER, 'key-3');
    expect(unknownCompany.statusCode).toBe(422);
    expect(unknownCompany.body.data.errors).toEqual({
      company_external_id: INTEGRATION_MESSAGES.noCompany,
    });
    const badKey = await send(integrationPeople, COMPANY, 'with space');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body.message).toBe(INTEGRATION_MESSAGES.idempotencyKey);
    expect(await countOf(database, 'users')).toBe(0);
    expect(await countOf(database, 'notifications')).toBe(0);

    // A refused request stored nothing under its key: corrected, it goes through.
    await send(integrationPeople, COMPANY);
    expect((await send(integrationPeople, DRIVER, 'key-3')).statusCode).toBe(200);
  });

  it('refuses an e-mail address another account of the kind has, and a record deleted at the desk', async () => {
    const { database, send } = await withKey();
    await send(integrationPeople, COMPANY);
    const taken = await send(integrationPeople, { ...COMPANY, external_id: 'c-2' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body.data.errors).toEqual({ email: INTEGRATION_MESSAGES.emailTaken });

    await database.db.update(users).set({ deletedAt: new Date() });
    const deleted = await send(integrationPeople, COMPANY);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.body.data.errors).toEqual({ external_id: INTEGRATION_MESSAGES.deleted });
    expect(await countOf(database, 'users')).toBe(1);
  });
});

describe('POST vehicles', () => {
  /** The desk's catalogue: a Standard service and a Sedan of 4 seats. */
  const catalogue = (built: Built) =>
    createVehicle(built.database, {}, { service: 'Standard', type: 'Sedan', seats: 4 });

  it('registers a company’s vehicle Pending, adding a new brand and model, with its notification', async () => {
    const built = await withKey();
    const { database, send, call } = built;
    await catalogue(built);
    const company = await send(integrationPeople, COMPANY);
    const made = await send(integrationVehicles, VEHICLE, 'v-key');
    expect(made.statusCode).toBe(200);
    expect(made.body.data).toEqual({
      id: expect.any(Number),
      external_id: 'v-1',
      created: true,
      approval: 'Pending',
    });
    const [row] = await database.db.select().from(vehicles).where(eq(vehicles.externalId, 'v-1'));
    expect(row).toMatchObject({ companyId: company.body.data.id, licenseNumber: 'OLV-1001' });
    // Toyota was known (in any case); Corolla is new, under it; Blue is new.
    expect((await database.db.select().from(brands)).map((b) => b.name)).toEqual(['Toyota']);
    const queue = await call(reviewQueue);
    expect(queue.body.data.data.map((item: { kind: string }) => item.kind)).toContain('vehicle');
    const bell = await call(notificationList);
    expect(bell.body.data.data[0].message).toBe(
      'Olive Cabs added a Blue Toyota Corolla (OLV-1001); it is waiting for approval.',
    );

    const again = await send(integrationVehicles, { ...VEHICLE, color: 'White' });
    expect(again.body.data).toMatchObject({ id: made.body.data.id, created: false });
    expect(await countOf(database, 'vehicles')).toBe(2);
  });

  it('refuses an unknown company, service type or vehicle type, and seats the type has not, writing nothing', async () => {
    const built = await withKey();
    const { database, send } = built;
    await catalogue(built);
    const before = await countOf(database, 'vehicles');
    const noCompany = await send(integrationVehicles, VEHICLE);
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.body.data.errors).toEqual({
      company_external_id: INTEGRATION_MESSAGES.noCompany,
    });
    await send(integrationPeople, COMPANY);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ service_type: 'Helicopter' }, { service_type: INTEGRATION_MESSAGES.unknownServiceType }],
      [{ vehicle_type: 'Bus' }, { vehicle_type: INTEGRATION_MESSAGES.unknownVehicleType }],
      [{ seats: 7 }, { seats: 'The vehicle type Sedan has 4 seats.' }],
    ];
    for (const [change, errors] of cases) {
      const refused = await send(integrationVehicles, { ...VEHICLE, ...change });
      expect(refused.statusCode).toBe(422);
      expect(refused.body.data.errors).toEqual(errors);
    }
    const invalid = await send(integrationVehicles, { ...VEHICLE, seats: 'four', brand: '' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.body.data.errors).sort()).toEqual(['brand', 'seats']);
    expect(await countOf(database, 'vehicles')).toBe(before);
    expect((await database.db.select().from(brands)).map((b) => b.name)).toEqual(['Toyota']);
  });
});
