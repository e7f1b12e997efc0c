import {
  API_BASE,
  IMPORT_ERRORS_LISTED,
  INTEGRATION_BASE,
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
  type IntegrationScope,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { createVehicle } from '../../../test/builders';
import { bearer, createAdmin, signedIn, signedInApp } from '../../../test/helper';

async function withKey(scopes: IntegrationScope[] = ['people:write', 'vehicles:write']) {
  const built = await signedInApp();
  // The desk's catalogue: a Standard service and a Sedan of 4 seats.
  await createVehicle(built.database, {}, { service: 'Standard', type: 'Sedan', seats: 4 });
  const made = await built.call(integrationKeyCreate, { name: 'Importer', scopes });
  const key: string = made.body.data.key;
  const send = async (body: string, type = 'application/x-ndjson', query = '') => {
    const res = await built.app.inject({
      method: 'POST',
      url: `${INTEGRATION_BASE}import${query}`,
      payload: body,
      headers: { ...bearer(key), 'content-type': type },
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  return { ...built, send };
}

const ndjson = (...rows: (object | string)[]) =>
  rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n') + '\n';

const COMPANY = {
  kind: 'people',
  external_id: 'c-1',
  user_type: 'Company',
  name: 'Maria Ortiz',
  email: 'office@olive-cabs.test',
  phone: '+1 555 0101',
  company_name: 'Olive Cabs',
};
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
const VEHICLE = {
  kind: 'vehicles',
  external_id: 'v-1',
  company_external_id: 'c-1',
  service_type: 'Standard',
  vehicle_type: 'Sedan',
  brand: 'Toyota',
  model: 'Corolla',
  color: 'Blue',
  seats: 4,
  license_number: 'OLV-1001',
};

type Built = Awaited<ReturnType<typeof withKey>>;
const imported = (built: Built) =>
  rowsOf<{ kind: string; external_id: string; name: string }>(
    built.database.db,
    sql`select role::text as kind, external_id, name from users where external_id is not null
        union all select 'Vehicle', external_id, license_number from vehicles where external_id is not null
        order by 1, 2`,
  );

describe('POST import', () => {
  it(
    'writes the good rows of an NDJSON file and reports the bad ones by line',
    { timeout: 120_000 },
    async () => {
      const built = await withKey();
      const answer = await built.send(
        ndjson(
          COMPANY,
          driver(1),
          driver(2, { email: 'not an address' }),
          '{"kind": "people", broken',
          '',
          driver(3, { company_external_id: 'c-404' }),
          VEHICLE,
          { ...VEHICLE, external_id: 'v-2', seats: 7 },
          { kind: 'boats', external_id: 'b-1' },
          driver(4, { email: 'driver1@example.test' }),
        ),
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.body.message).toBe('The file has been imported: 3 rows accepted, 6 rejected.');
      expect(answer.body.data).toEqual({
        accepted: 3,
        rejected: 6,
        errors: [
          {
            line: 3,
            kind: 'people',
            external_id: 'd-2',
            reasons: ['email must be a valid e-mail address.'],
          },
          {
            line: 4,
            kind: null,
            external_id: null,
            reasons: ['The line is not a JSON object: {"kind": ..., ...}.'],
          },
          {
            line: 6,
            kind: 'people',
            external_id: 'd-3',
            reasons: [INTEGRATION_MESSAGES.noCompany],
          },
          {
            line: 8,
            kind: 'vehicles',
            external_id: 'v-2',
            reasons: ['The vehicle type Sedan has 4 seats.'],
          },
          {
            line: 9,
            kind: 'boats',
            external_id: 'b-1',
            reasons: ['kind must be one of people, vehicles, trips, payments.'],
          },
          {
            line: 10,
            kind: 'people',
            external_id: 'd-4',
            reasons: [INTEGRATION_MESSAGES.emailTaken],
          },
        ],
        errors_not_listed: 0,
        by_kind: {
          people: { accepted: 2, rejected: 3 },
          vehicles: { accepted: 1, rejected: 1 },
          trips: { accepted: 0, rejected: 0 },
          payments: { accepted: 0, rejected: 0 },
        },
      });
      expect(await imported(built)).toEqual([
        { kind: 'Company', external_id: 'c-1', name: 'Maria Ortiz' },
        { kind: 'Driver', external_id: 'd-1', name: 'Driver 1' },
        { kind: 'Vehicle', external_id: 'v-1', name: 'OLV-1001' },
      ]);

      // The same file again: every row an upsert, nothing twice.
      const again = await built.send(ndjson(COMPANY, driver(1, { name: 'Ann Lee' }), VEHICLE));
      expect(again.body.data).toMatchObject({ accepted: 3, rejected: 0 });
      expect(await imported(built)).toEqual([
        { kind: 'Company', external_id: 'c-1', name: 'Maria Ortiz' },
        { kind: 'Driver', external_id: 'd-1', name: 'Ann Lee' },
        { kind: 'Vehicle', external_id: 'v-1', name: 'OLV-1001' },
      ]);
    },
  );

  it('refuses each row of a kind whose scope the key lacks, and writes the others', async () => {
    const built = await withKey(['people:write']);
    const answer = await built.send(ndjson(COMPANY, VEHICLE, driver(1)));
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toEqual({
      accepted: 2,
      rejected: 1,
      errors: [
        {
          line: 2,
          kind: 'vehicles',
          external_id: 'v-1',
          reasons: [INTEGRATION_MESSAGES.noScope.replace('{scope}', 'vehicles:write')],
        },
      ],
      errors_not_listed: 0,
      by_kind: {
        people: { accepted: 2, rejected: 0 },
        vehicles: { accepted: 0, rejected: 1 },
        trips: { accepted: 0, rejected: 0 },
        payments: { accepted: 0, rejected: 0 },
      },
    });
    expect((await imported(built)).map((row) => row.external_id)).toEqual(['c-1', 'd-1']);
  });

  it('reads CSV with a kind column, or the kind in the query, quoted cells included', async () => {
    const built = await withKey();
    const people = await built.send(
      [
        'kind,external_id,user_type,name,email,phone,company_name,company_external_id',
        'people,c-1,Company,Maria Ortiz,office@olive-cabs.test,+1 555 0101,"Olive Cabs, ""the green ones""",',
        'people,d-1,Driver,"Lee, Ann",ann@example.test,555-0102,,c-1',
        'people,d-2,Driver,"Bob\nSmith",bob@example.test,555-0103,,c-1',
        'people,d-3,Driver,Bob,bob@example.test,555-0103,,c-404',
        'people,d-4,Driver,Short row',
      ].join('\r\n'),
      'text/csv',
    );
    expect(people.statusCode).toBe(200);
    expect(people.body.data).toEqual({
      accepted: 2,
      rejected: 3,
      errors: [
        {
          line: 4,
          kind: 'people',
          external_id: 'd-2',
          reasons: ['name must be one line of text.'],
        },
        // The quoted line end above makes this the file's 6th line.
        { line: 6, kind: 'people', external_id: 'd-3', reasons: [INTEGRATION_MESSAGES.noCompany] },
        {
          line: 7,
          kind: null,
          external_id: null,
          reasons: ['The row has 4 cells; the header has 8.'],
        },
      ],
      errors_not_listed: 0,
      by_kind: {
        people: { accepted: 2, rejected: 2 },
        vehicles: { accepted: 0, rejected: 0 },
        trips: { accepted: 0, rejected: 0 },
        payments: { accepted: 0, rejected: 0 },
      },
    });
    const [company] = await rowsOf<{ company_name: string; name: string }>(
      built.database.db,
      sql`select company_name, (select name from users where external_id = 'd-1') as name
          from users where external_id = 'c-1'`,
    );
    expect(company).toEqual({ company_name: 'Olive Cabs, "the green ones"', name: 'Lee, Ann' });

    const vehicles = await built.send(
      'external_id,company_external_id,service_type,vehicle_type,brand,model,color,seats,license_number\n' +
        'v-1,c-1,Standard,Sedan,Toyota,Corolla,Blue,4,OLV-1001\n' +
        'v-2,c-1,Standard,Sedan,Toyota,Corolla,Blue,four,OLV-1002\n',
      'text/csv; charset=utf-8',
      '?kind=vehicles',
    );
    expect(vehicles.body.data).toEqual({
      accepted: 1,
      rejected: 1,
      errors: [
        {
          line: 3,
          kind: 'vehicles',
          external_id: 'v-2',
          reasons: ['seats must be a whole number.'],
        },
      ],
      errors_not_listed: 0,
      by_kind: {
        people: { accepted: 0, rejected: 0 },
        vehicles: { accepted: 1, rejected: 1 },
        trips: { accepted: 0, rejected: 0 },
        payments: { accepted: 0, rejected: 0 },
      },
    });
  });

  it(
    'writes more rows than a batch and lists the first rejected rows',
    { timeout: 300_000 },
    async () => {
      const built = await withKey();
      const rows: object[] = [COMPANY];
      for (let n = 1; n <= 2200; n += 1) rows.push(driver(n));
      // Rows refused by their schema, more than an answer lists.
      for (let n = 1; n <= IMPORT_ERRORS_LISTED + 100; n += 1) {
        rows.push(driver(10_000 + n, { phone: 'none' }));
      }
      const answer = await built.send(ndjson(...rows));
      expect(answer.body.data.accepted).toBe(2201);
      expect(answer.body.data.rejected).toBe(IMPORT_ERRORS_LISTED + 100);
      expect(answer.body.data.errors).toHaveLength(IMPORT_ERRORS_LISTED);
      expect(answer.body.data.errors[0]).toEqual({
        line: 2202,
        kind: 'people',
        external_id: 'd-10001',
        reasons: [expect.stringContaining('phone')],
      });
      expect(answer.body.data.errors_not_listed).toBe(100);
      expect(await imported(built)).toHaveLength(2201);
    },
  );

  it('refuses a body that is not NDJSON or CSV, and a file without rows', async () => {
    const built = await withKey();
    const json = await built.send(JSON.stringify([COMPANY]), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.body.message).toBe(INTEGRATION_MESSAGES.importType);
    const empty = await built.send('\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.body.message).toBe(INTEGRATION_MESSAGES.importEmpty);
  });

  it('imports trips, their events in any order, and their payments, as the single calls do', async () => {
    const built = await withKey(['people:write', 'trips:write', 'payments:write']);
    const trip = (event: string, at: string) => ({
      kind: 'trips',
      external_id: 't-1',
      event,
      at,
      user_external_id: 'p-1',
      pickup_address: '1 Olive Street',
      drop_address: '9 Harbour Road',
      amount: '12.50',
    });
    const answer = await built.send(
      ndjson(
        { ...driver(9), external_id: 'p-1', user_type: 'User', company_external_id: undefined },
        trip('completed', '2026-11-20T10:30:00.000Z'),
        trip('created', '2026-11-20T10:00:00.000Z'),
        trip('started', '2026-11-20T10:10:00.000Z'),
        {
          kind: 'payments',
          external_id: 'pay-1',
          trip_external_id: 't-1',
          amount: '12.50',
          payment_method: 'Card',
          at: '2026-11-20T10:31:00.000Z',
        },
        {
          ...trip('created', '2026-11-20T11:00:00.000Z'),
          external_id: 't-2',
          user_external_id: 'p-404',
        },
      ),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      accepted: 5,
      rejected: 1,
      errors: [{ line: 6, reasons: [INTEGRATION_MESSAGES.noPassenger] }],
    });
    const [ride] = await rowsOf<{ ride_status: string; events: string; paid: string }>(
      built.database.db,
      sql`select ride_status::text, (select count(*) from ride_events e where e.ride_id = r.id)::text as events,
                 (select amount::text from transactions t where t.ride_id = r.id) as paid
          from rides r where external_id = 't-1'`,
    );
    // Completed arrived first and stays the status: the latest event by its time.
    expect(ride).toEqual({ ride_status: 'Complete', events: '3', paid: '12.50' });
  });

  it('lets an Owner import every kind through the admin API, audited; other roles are refused', async () => {
    const built = await withKey(['people:write']);
    const asOwner = (token: string, body: string) =>
      built.app.inject({
        method: 'POST',
        url: `${API_BASE}integration-import`,
        payload: body,
        headers: { ...bearer(token), 'content-type': 'application/x-ndjson' },
      });
    const answer = await asOwner(built.token, ndjson(COMPANY, VEHICLE, { kind: 'trips' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ accepted: 2, rejected: 1 });
    expect(await imported(built)).toHaveLength(2);
    const audited = await rowsOf<{ action: string; after: unknown; admin_id: number }>(
      built.database.db,
      sql`select action, after, admin_id from audit_log where action = 'integration_import'`,
    );
    expect(audited).toEqual([
      {
        action: 'integration_import',
        after: { accepted: 2, rejected: 1 },
        admin_id: built.admin.id,
      },
    ]);

    const operator = { email: 'op@cabdesk.test', password: 'another long passphrase' };
    await createAdmin(built.database, operator, 'Operator');
    const { token } = await signedIn(built.app, operator);
    expect((await asOwner(token, ndjson(COMPANY))).statusCode).toBe(403);
  });
});
