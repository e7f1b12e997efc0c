import { approvalUser, documentUpdate, expiringDocuments, userDetail } from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, documentExpiries } from '../../db/schema';
import { createCompany, createDriver, createUser, createVehicle } from '../../../test/builders';
import { fakeClock, signedInApp } from '../../../test/helper';

async function setup() {
  const clock = fakeClock(new Date('2025-03-01T12:00:00Z'));
  const { database, admin, call } = await signedInApp(clock.now);
  return { database, admin, call };
}

describe('document-update', () => {
  it('sets the expiry of a document, shown on the detail and audited', async () => {
    const { database, admin, call } = await setup();
    const company = await createCompany(database, {
      companyDoc: ['seed/licence.svg', 'seed/certificate.svg'],
    });
    const set = (expires_on: string) =>
      call(documentUpdate, {
        table: 'users',
        id: company.id,
        document: 'business_licence',
        expires_on,
      });

    expect((await set('2026-01-31')).statusCode).toBe(200);
    expect((await set('2026-12-31')).body.data).toEqual({
      table: 'users',
      id: company.id,
      document: 'business_licence',
      expires_on: '2026-12-31',
      status: 'Active',
    });

    const { documents } = (await call(userDetail, { user_id: company.id })).body.data;
    expect(
      documents.map((d: { document: string; expires_on: string | null }) => [
        d.document,
        d.expires_on,
      ]),
    ).toEqual([
      ['business_licence', '2026-12-31'],
      ['certificate_of_incorporation', null],
    ]);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'users'), eq(auditLog.recordId, company.id)));
    expect(rows.map((r) => [r.action, r.adminId, r.before, r.after])).toEqual([
      [
        'document-update',
        admin.id,
        { document: 'business_licence', expires_on: null },
        { document: 'business_licence', expires_on: '2026-01-31' },
      ],
      [
        'document-update',
        admin.id,
        { document: 'business_licence', expires_on: '2026-01-31' },
        { document: 'business_licence', expires_on: '2026-12-31' },
      ],
    ]);
  });

  it('refuses a document the record does not have, a date that is none, and a missing record; nothing changes', async () => {
    const { database, call } = await setup();
    const driver = await createDriver(database);
    const passenger = await createUser(database);
    const vehicle = await createVehicle(database);

    const cases: [Record<string, unknown>, number, string][] = [
      [
        { table: 'users', id: driver.id, document: 'insurance', expires_on: '2026-01-01' },
        400,
        'This record has no document of that kind.',
      ],
      [
        { table: 'users', id: passenger.id, document: 'driver_licence', expires_on: '2026-01-01' },
        400,
        'This record has no document of that kind.',
      ],
      [
        { table: 'vehicles', id: vehicle.id, document: 'driver_licence', expires_on: '2026-01-01' },
        400,
        'This record has no document of that kind.',
      ],
      [
        {
          table: 'vehicles',
          id: vehicle.id,
          document: 'certificate_of_incorporation',
          expires_on: '2026-01-01',
        },
        400,
        'document must be business_licence, driver_licence, registration or insurance.',
      ],
      [
        { table: 'users', id: driver.id, document: 'driver_licence', expires_on: '2026-02-29' },
        400,
        'expires_on must be a date (YYYY-MM-DD).',
      ],
      [
        { table: 'users', id: driver.id, document: 'driver_licence', expires_on: '31/01/2026' },
        400,
        'expires_on must be a date (YYYY-MM-DD).',
      ],
      [
        { table: 'users', id: driver.id, document: 'driver_licence', expires_on: '9999-01-01' },
        400,
        'expires_on must be a date (YYYY-MM-DD).',
      ],
      [
        { table: 'rides', id: driver.id, document: 'driver_licence', expires_on: '2026-01-01' },
        400,
        'table must be users or vehicles.',
      ],
      [
        { table: 'users', id: 999_999, document: 'driver_licence', expires_on: '2026-01-01' },
        404,
        'User not found.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(documentUpdate, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await database.db.select().from(documentExpiries)).toEqual([]);
    // Nothing but the sign-in is audited.
    expect((await database.db.select().from(auditLog)).map((r) => r.action)).toEqual(['login']);
  });
});

describe('expiring-documents', () => {
  it('lists the documents of Approved records expiring within N days, expired ones first, soonest first', async () => {
    const { database, call } = await setup();
    const company = await createCompany(database, {
      companyName: 'Olive Cabs',
      approval: 'Approved',
    });
    const driver = await createDriver(database, { name: 'Ann Lee', companyId: company.id });
    const vehicle = await createVehicle(
      database,
      { companyId: company.id, licenseNumber: 'AB-123', approval: 'Approved' },
      { brand: 'Kia', model: 'Niro' },
    );
    const pending = await createDriver(database, { approval: 'Pending' });
    const deleted = await createDriver(database, { deletedAt: new Date() });
    const rows: [string, number, string, string][] = [
      ['vehicles', vehicle.id, 'insurance', '2025-03-08'],
      ['vehicles', vehicle.id, 'registration', '2025-06-01'],
      ['users', driver.id, 'driver_licence', '2025-02-20'],
      ['users', company.id, 'business_licence', '2025-03-31'],
      ['users', pending.id, 'driver_licence', '2025-03-02'],
      ['users', deleted.id, 'driver_licence', '2025-03-02'],
    ];
    await database.db.insert(documentExpiries).values(
      rows.map(([tableName, recordId, document, expiresOn]) => ({
        tableName,
        recordId,
        document,
        expiresOn,
      })),
    );

    const month = await call(expiringDocuments);
    expect(month.statusCode).toBe(200);
    expect(month.body.data).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    expect(month.body.data.data).toEqual([
      {
        table: 'users',
        id: driver.id,
        kind: 'driver',
        name: 'Ann Lee',
        document: 'driver_licence',
        expires_on: '2025-02-20',
        days_left: -9,
        expiry: 'expired',
        status: 'Active',
      },
      {
        table: 'vehicles',
        id: vehicle.id,
        kind: 'vehicle',
        name: 'Kia Niro (AB-123)',
        document: 'insurance',
        expires_on: '2025-03-08',
        days_left: 7,
        expiry: 'expiring',
        status: 'Active',
      },
      {
        table: 'users',
        id: company.id,
        kind: 'company',
        name: 'Olive Cabs',
        document: 'business_licence',
        expires_on: '2025-03-31',
        days_left: 30,
        expiry: 'expiring',
        status: 'Active',
      },
    ]);
    const week = (await call(expiringDocuments, { within_days: 7 })).body.data;
    expect(week.data.map((d: { document: string }) => d.document)).toEqual([
      'driver_licence',
      'insurance',
    ]);
    expect((await call(expiringDocuments, { within_days: 366 })).body.data.total).toBe(4);
    const paged = (await call(expiringDocuments, { per_page: 2, page: 2 })).body.data;
    expect(paged).toMatchObject({ total: 3, last_page: 2 });
    expect(paged.data.map((d: { document: string }) => d.document)).toEqual(['business_licence']);

    expect(paged.total_exact).toBe(true);

    const bad = await call(expiringDocuments, { within_days: 367 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors).toEqual({
      within_days: 'within_days must be a whole number from 0 to 366.',
    });
  });

  it('counts expiring documents only ten pages ahead of the page asked for', async () => {
    const { database, call } = await setup();
    const drivers = await Promise.all(
      Array.from({ length: 13 }, () => createDriver(database, { approval: 'Approved' })),
    );
    await database.db.insert(documentExpiries).values(
      drivers.map((driver, i) => ({
        tableName: 'users',
        recordId: driver.id,
        document: 'driver_licence',
        expiresOn: `2025-03-${String(10 + i).padStart(2, '0')}`,
      })),
    );
    // per_page 1: the first page and ten more are counted, then "more follow".
    const first = (await call(expiringDocuments, { per_page: 1 })).body.data;
    expect(first).toMatchObject({ total: 11, total_exact: false });
    expect(first.data[0]).toMatchObject({ id: drivers[0]!.id, days_left: 9 });
    const last = (await call(expiringDocuments, { per_page: 1, page: 13 })).body.data;
    expect(last).toMatchObject({ total: 13, total_exact: true });
    expect(last.data[0]).toMatchObject({ id: drivers[12]!.id, expires_on: '2025-03-22' });
  });

  it('lists a record approved without expiry dates as "date missing" until someone enters them', async () => {
    const { database, call } = await setup();
    const driver = await createDriver(database, { name: 'Ann Lee', approval: 'Pending' });
    const vehicle = await createVehicle(
      database,
      { licenseNumber: 'AB-123', approval: 'Pending' },
      { brand: 'Kia', model: 'Niro' },
    );
    const rejected = await createDriver(database, { approval: 'Pending' });
    const decide = (body: Record<string, unknown>) => call(approvalUser, body);
    // SPEC's call without dates still approves; a vehicle with one of its two dates.
    expect((await decide({ id: driver.id, table: 'users', approval: 'Approved' })).statusCode).toBe(
      200,
    );
    expect(
      (
        await decide({
          id: vehicle.id,
          table: 'vehicles',
          approval: 'Approved',
          expires_on: { registration: '2025-03-10' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await decide({
          id: rejected.id,
          table: 'users',
          approval: 'Rejected',
          reason: 'Blurred licence',
        })
      ).statusCode,
    ).toBe(200);

    const listed = (await call(expiringDocuments)).body.data;
    expect(
      listed.data.map((d: Record<string, unknown>) => [
        d.name,
        d.document,
        d.expires_on,
        d.days_left,
        d.expiry,
      ]),
    ).toEqual([
      ['Ann Lee', 'driver_licence', null, null, 'date_missing'],
      ['Kia Niro (AB-123)', 'insurance', null, null, 'date_missing'],
      ['Kia Niro (AB-123)', 'registration', '2025-03-10', 9, 'expiring'],
    ]);
    // First, whatever the window: a missing date is never out of it.
    expect((await call(expiringDocuments, { within_days: 1 })).body.data.total).toBe(2);
    const { documents } = (await call(userDetail, { user_id: driver.id })).body.data;
    expect(documents).toMatchObject([{ document: 'driver_licence', expires_on: null }]);

    // Entering the date ends it.
    await call(documentUpdate, {
      table: 'users',
      id: driver.id,
      document: 'driver_licence',
      expires_on: '2027-01-31',
    });
    const after = (await call(expiringDocuments)).body.data.data;
    expect(after.map((d: Record<string, unknown>) => [d.document, d.expiry])).toEqual([
      ['insurance', 'date_missing'],
      ['registration', 'expiring'],
    ]);
  });
});
