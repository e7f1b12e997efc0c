import {
  integrationKeyCreate,
  integrationPositions,
  LIVE_MESSAGES,
  liveDrivers,
  type IntegrationScope,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createDriver } from '../../../test/builders';
import { bearer, callApi, signedInApp } from '../../../test/helper';

/** An Owner's app, two drivers known by their external ids, and a key of `scopes`. */
async function fleet(scopes: IntegrationScope[] = ['positions:write']) {
  const built = await signedInApp();
  const made = await built.call(integrationKeyCreate, { name: 'Fleet', scopes });
  const key: string = made.body.data.key;
  const company = await createCompany(built.database, { externalId: 'c-1' });
  const ana = await createDriver(built.database, {
    companyId: company.id,
    externalId: 'd-1',
    name: 'Ana Ruiz',
  });
  const ben = await createDriver(built.database, {
    companyId: company.id,
    externalId: 'd-2',
    name: 'Ben Okafor',
  });
  const send = (body: unknown, idempotencyKey?: string) =>
    callApi(built.app, integrationPositions, body as Record<string, unknown>, {
      ...bearer(key),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
  const live = (query: Record<string, string> = {}) => built.call(liveDrivers, query);
  return { ...built, send, live, ana, ben };
}

/** A fix of driver `driver` at second `second` of 2026-03-02 09:00 UTC. */
const fix = (driver: string, second: number, fields: Record<string, unknown> = {}) => ({
  driver_external_id: driver,
  lat: 37.77 + second / 10_000,
  lng: -122.42,
  state: 'available',
  at: `2026-03-02T09:00:${String(second).padStart(2, '0')}Z`,
  ...fields,
});

describe('POST positions and GET live-drivers', () => {
  it("keeps each driver's newest fix, whatever order the fixes arrive in", async () => {
    const { send, live, ana, ben } = await fleet();
    const first = await send({
      fixes: [
        fix('d-1', 30, { state: 'on_trip', heading: 90, speed: 12.5 }),
        fix('d-1', 10),
        fix('d-2', 5),
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({
      status: true,
      message: LIVE_MESSAGES.positionsSaved,
      data: { written: 2, stale: 1, skipped: [] },
    });

    // A later call with an older fix of Ana changes nothing; Ben's newer one moves him.
    const second = await send({
      fixes: [fix('d-1', 20, { state: 'offline' }), fix('d-2', 40, { state: 'on_trip' })],
    });
    expect(second.body.data).toEqual({ written: 1, stale: 1, skipped: [] });

    const drivers = await live();
    expect(drivers.statusCode).toBe(200);
    expect(drivers.body.data).toEqual([
      {
        id: ana.id,
        name: 'Ana Ruiz',
        lat: 37.773,
        lng: -122.42,
        state: 'on_trip',
        at: '2026-03-02T09:00:30.000Z',
      },
      {
        id: ben.id,
        name: 'Ben Okafor',
        lat: 37.774,
        lng: -122.42,
        state: 'on_trip',
        at: '2026-03-02T09:00:40.000Z',
      },
    ]);
  });

  it('skips and names the fixes of unknown or deleted drivers, writing the rest', async () => {
    const { send, live, database, ben } = await fleet();
    await database.db.execute(sql`update users set deleted_at = now() where id = ${ben.id}`);
    const answer = await send({ fixes: [fix('d-404', 1), fix('d-2', 2), fix('d-1', 3)] });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toEqual({
      written: 1,
      stale: 0,
      skipped: [
        { index: 0, driver_external_id: 'd-404', reason: LIVE_MESSAGES.unknownDriver },
        { index: 1, driver_external_id: 'd-2', reason: LIVE_MESSAGES.deletedDriver },
      ],
    });
    expect((await live()).body.data.map((d: { name: string }) => d.name)).toEqual(['Ana Ruiz']);
  });

  it('answers bad fixes with field errors and writes none of the call', async () => {
    const { send, live } = await fleet();
    const bad = await send({
      fixes: [fix('d-1', 1), fix('d-2', 2, { lat: 91, state: 'parked', at: '2026-03-02' })],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toEqual({
      'fixes.1.lat': 'lat must be from -90 to 90.',
      'fixes.1.state': 'state must be one of offline, available, on_trip.',
      'fixes.1.at': 'at must be a date and time with its offset, such as 2026-11-28T09:12:00Z.',
    });
    const tooMany = await send({
      fixes: Array.from({ length: 1001 }, (_, i) => fix('d-1', i % 60)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.data.errors).toEqual({ fixes: 'fixes must hold at most 1000 positions.' });
    expect((await live()).body.data).toEqual([]);
  });

  it('needs the positions:write scope', async () => {
    const { send } = await fleet(['trips:write']);
    const refused = await send({ fixes: [fix('d-1', 1)] });
    expect(refused.statusCode).toBe(403);
  });

  it('filters by the part of the map on screen and by state', async () => {
    const { send, live } = await fleet();
    await send({
      fixes: [
        fix('d-1', 1, { lat: 37.78, lng: -122.41, state: 'available' }),
        fix('d-2', 2, { lat: 40.71, lng: -74.0, state: 'on_trip' }),
      ],
    });
    const names = async (query: Record<string, string>) =>
      (await live(query)).body.data.map((d: { name: string }) => d.name);
    expect(await names({ bbox: '-122.52,37.70,-122.35,37.83' })).toEqual(['Ana Ruiz']);
    expect(await names({ state: 'on_trip' })).toEqual(['Ben Okafor']);
    expect(await names({ bbox: '-122.52,37.70,-122.35,37.83', state: 'on_trip' })).toEqual([]);

    const bad = await live({ bbox: '-122.35,37.70,-122.52' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toEqual({
      bbox: 'bbox must be minLng,minLat,maxLng,maxLat in degrees, the minimums first.',
    });
  });
});
