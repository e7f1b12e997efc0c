import {
  API_BASE,
  INTEGRATION_BASE,
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { createVehicle } from '../../../test/builders';
import { bearer, signedInApp } from '../../../test/helper';

/** An app with the desk's catalogue and a key that writes people and vehicles. */
async function importer() {
  const built = await signedInApp();
  await createVehicle(built.database, {}, { service: 'Standard', type: 'Sedan', seats: 4 });
  const made = await built.call(integrationKeyCreate, {
    name: 'Importer',
    scopes: ['people:write', 'vehicles:write'],
  });
  const key: string = made.body.data.key;
  const send = async (rows: (object | string)[], query = '', token = key, path = 'import') => {
    const res = await built.app.inject({
      method: 'POST',
      url: `${path === 'import' ? INTEGRATION_BASE : API_BASE}${path}${query}`,
      payload: rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n'),
      headers: { ...bearer(token), 'content-type': 'application/x-ndjson' },
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  // Every notification but the key's making (none) and the desk's catalogue (none).
  const notifications = () =>
    rowsOf<{ kind: string; title: string; message: string; link: string; author_id: number }>(
      built.database.db,
      sql`select kind, title, message, link, author_id from notifications order by id`,
    );
  return { ...built, key, send, notifications };
}

const company = (n: number) => ({
  kind: 'people',
  external_id: `c-${n}`,
  user_type: 'Company',
  name: `Owner ${n}`,
  email: `office${n}@cabs.test`,
  phone: '+1 555 0101',
  company_name: `Cabs ${n}`,
});
const driver = (n: number, extra: object = {}) => ({
  kind: 'people',
  external_id: `d-${n}`,
  user_type: 'Driver',
  name: `Driver ${n}`,
  email: `driver${n}@example.test`,
  phone: '555-0102',
  company_external_id: 'c-1',
  ...extra,
});
const passenger = (n: number) => ({
  kind: 'people',
  external_id: `u-${n}`,
  user_type: 'User',
  name: `Passenger ${n}`,
  email: `rider${n}@example.test`,
  phone: '555-0103',
});
const vehicle = (n: number, extra: object = {}) => ({
  kind: 'vehicles',
  external_id: `v-${n}`,
  company_external_id: 'c-1',
  service_type: 'Standard',
  vehicle_type: 'Sedan',
  brand: 'Toyota',
  model: 'Corolla',
  color: 'Blue',
  seats: 4,
  license_number: `OLV-${n}`,
  ...extra,
});

describe('an import’s one notification', () => {
  it(
    'an import of 1,204 drivers over two batches makes one notification of them all, with its rejected rows',
    { timeout: 120_000 },
    async () => {
      const built = await importer();
      const answer = await built.send([
        company(1),
        // Drivers of no company: those of one company are written one round each (roundsOf).
        ...Array.from({ length: 1204 }, (_, n) =>
          driver(n + 1, { company_external_id: undefined }),
        ),
        driver(9001, { email: 'not an address' }),
        driver(9002, { company_external_id: 'c-404' }),
        // After the last batch: a line that is not JSON.
        '{"kind": "people", broken',
      ]);
      expect(answer.statusCode).toBe(200);
      expect(answer.body.data).toMatchObject({ accepted: 1205, rejected: 3 });
      expect(await built.notifications()).toEqual([
        {
          kind: 'records_imported',
          title: 'Records imported',
          message:
            '1,204 drivers and 1 company imported, 3 rows rejected. The drivers, companies and vehicles wait for approval.',
          link: '/review',
          author_id: null,
        },
      ]);
    },
  );

  it(
    'the parts of one import (one import_id) share it; the same file again makes none',
    { timeout: 120_000 },
    async () => {
      const built = await importer();
      const first = await built.send([company(1), driver(1), passenger(1)], '?import_id=file-7');
      expect(first.body.data).toMatchObject({ accepted: 3, rejected: 0 });
      const [made] = await built.notifications();
      expect(made!.message).toBe(
        '1 driver, 1 company and 1 passenger imported, 0 rows rejected. The drivers, companies and vehicles wait for approval.',
      );
      // A part of rejected rows only, then one that registers more: all in the one notification.
      await built.send([driver(2, { email: 'nope' })], '?import_id=file-7');
      await built.send([driver(3), passenger(2), vehicle(1)], '?import_id=file-7');
      expect(await built.notifications()).toEqual([
        {
          kind: 'records_imported',
          title: 'Records imported',
          message:
            '2 drivers, 1 company, 1 vehicle and 2 passengers imported, 1 row rejected. The drivers, companies and vehicles wait for approval.',
          link: '/review',
          author_id: null,
        },
      ]);
      // The same rows again register nothing: no notification, whatever the import.
      await built.send([company(1), driver(1), passenger(1), vehicle(1)]);
      await built.send([company(1), driver(1)], '?import_id=file-8');
      expect(await built.notifications()).toHaveLength(1);
    },
  );

  it(
    'counts what a batch written row by row registered (a refused vehicle), not the rows rolled back',
    { timeout: 120_000 },
    async () => {
      const built = await importer();
      await built.send([
        company(1),
        passenger(1),
        vehicle(1),
        // Seven seats in a Sedan of four: refused, and the batch is written row by row.
        vehicle(2, { seats: 7 }),
        passenger(2),
      ]);
      expect(await built.notifications()).toMatchObject([
        {
          kind: 'records_imported',
          message:
            '1 company, 1 vehicle and 2 passengers imported, 1 row rejected. The drivers, companies and vehicles wait for approval.',
        },
      ]);
    },
  );

  it(
    'an Owner’s import is theirs (read for them); passengers only link nowhere',
    { timeout: 120_000 },
    async () => {
      const built = await importer();
      const answer = await built.send(
        [passenger(1), passenger(2)],
        '?import_id=desk-1',
        built.token,
        'integration-import',
      );
      expect(answer.statusCode).toBe(200);
      expect(await built.notifications()).toEqual([
        {
          kind: 'records_imported',
          title: 'Records imported',
          message: '2 passengers imported, 0 rows rejected.',
          link: null,
          author_id: built.admin.id,
        },
      ]);
    },
  );

  it('a single call still announces its registration, each as today', async () => {
    const built = await importer();
    const { kind: _kind, ...fields } = driver(1, { company_external_id: undefined });
    const res = await built.app.inject({
      method: 'POST',
      url: `${INTEGRATION_BASE}people`,
      payload: fields,
      headers: bearer(built.key),
    });
    expect(res.statusCode).toBe(200);
    expect(await built.notifications()).toMatchObject([
      { kind: 'driver_registered', title: 'New driver registration' },
    ]);
  });

  it('refuses an import_id that is not 1 to 100 visible characters, writing nothing', async () => {
    const built = await importer();
    const answer = await built.send([company(1)], `?import_id=${encodeURIComponent('a b')}`);
    expect(answer).toEqual({
      statusCode: 400,
      body: {
        status: false,
        message: INTEGRATION_MESSAGES.importId,
        data: { errors: { import_id: INTEGRATION_MESSAGES.importId } },
      },
    });
    const [users] = await rowsOf<{ n: number }>(
      built.database.db,
      sql`select count(*)::int as n from users where external_id is not null`,
    );
    expect(users!.n).toBe(0);
  });
});
