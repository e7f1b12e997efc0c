import { rideList } from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createDriver, createRide, createUser } from '../../../test/builders';
import {
  createAdmin,
  downloadCsv,
  fakeClock,
  signedIn,
  signedInApp,
  signIn,
} from '../../../test/helper';

const FINANCE = { email: 'finance@cabdesk.test', password: 'another long passphrase' };
const HEADER = [
  'Trip ID',
  'Trip date',
  'Passenger',
  'Passenger phone',
  'Passenger email',
  'Driver',
  'Driver phone',
  'Company',
  'Pick up',
  'Drop off',
  'Price',
  'Service type',
  'Vehicle type',
  'License plate',
  'Status',
];

describe('ride-list format=csv', () => {
  it('streams every filtered trip in the asked order, not one page, as a dated UTF-8 file', async () => {
    const clock = fakeClock(new Date('2026-11-24T10:00:00Z'));
    const { app, database, token } = await signedInApp(clock.now);
    const passenger = await createUser(database, { name: 'Ana Díaz', email: 'ana@example.test' });
    for (let i = 1; i <= 12; i++) {
      await createRide(database, {
        userId: passenger.id,
        amount: `${i}.5`,
        rideStatus: i % 3 === 0 ? 'Complete' : 'Cancel',
        createdAt: new Date(Date.UTC(2026, 10, i, 8)),
      });
    }

    const res = await downloadCsv(app, token, rideList, {
      ride_status: 'Cancel',
      sort: 'amount',
      page: 2,
      per_page: 5,
    });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="trips-2026-11-24.csv"');
    expect(res.text.startsWith('\uFEFF"Trip ID","Trip date",')).toBe(true);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = res.rows;
    expect(header).toEqual(HEADER);
    // All 8 cancelled trips (not page 2 of 5), cheapest first; money with two decimals.
    expect(rows.map((r) => r[10])).toEqual([
      '1.50',
      '2.50',
      '4.50',
      '5.50',
      '7.50',
      '8.50',
      '10.50',
      '11.50',
    ]);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d+$/),
      '2026-11-01T08:00:00.000Z',
      'Ana Díaz',
      passenger.phone,
      'ana@example.test',
      '',
      '',
      '',
      '1 Main St',
      '9 Elm St',
      '1.50',
      '',
      '',
      '',
      'Cancel',
    ]);
  });

  it('writes the header in Spanish and neutralises formulas, quoting commas, quotes and line breaks', async () => {
    const { app, database, token } = await signedInApp();
    const driver = await createDriver(database, { name: '@SUM(A1:A9)' });
    await createRide(database, {
      userId: (await createUser(database, { name: '=HYPERLINK("http://evil.test","x")' })).id,
      driverId: driver.id,
      pickupAddress: '5, "Old" Road\nBack door',
      dropAddress: '-2+3',
    });

    const res = await downloadCsv(
      app,
      token,
      rideList,
      {},
      { 'accept-language': 'es-ES,es;q=0.9' },
    );

    expect(res.rows[0]).toEqual([
      'ID del viaje',
      'Fecha del viaje',
      'Pasajero',
      'Teléfono del pasajero',
      'Correo del pasajero',
      'Conductor',
      'Teléfono del conductor',
      'Empresa',
      'Recogida',
      'Destino',
      'Precio',
      'Tipo de servicio',
      'Tipo de vehículo',
      'Matrícula',
      'Estado',
    ]);
    const row = res.rows[1]!;
    expect(row[2]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(row[5]).toBe(`'@SUM(A1:A9)`);
    expect(row[8]).toBe('5, "Old" Road\nBack door');
    expect(row[9]).toBe(`'-2+3`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it('lets Owner and Finance export, audited with the filters; Operator and Support get 403', async () => {
    const { app, database, admin, token } = await signedInApp();
    await createAdmin(database, FINANCE, 'Finance');
    await createAdmin(
      database,
      { email: 'support@cabdesk.test', password: FINANCE.password },
      'Support',
    );
    await createAdmin(
      database,
      { email: 'op@cabdesk.test', password: FINANCE.password },
      'Operator',
    );
    await createRide(database);

    const finance = await downloadCsv(app, await signIn(app, FINANCE), rideList, {
      search: 'main',
    });
    expect(finance.statusCode).toBe(200);
    expect(finance.rows).toHaveLength(2);
    for (const email of ['support@cabdesk.test', 'op@cabdesk.test']) {
      const refused = await downloadCsv(
        app,
        await signIn(app, { email, password: FINANCE.password }),
        rideList,
      );
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.text).status).toBe(false);
    }
    // The same administrators still read the list as JSON.
    const support = await signedIn(app, {
      email: 'support@cabdesk.test',
      password: FINANCE.password,
    });
    expect((await support.call(rideList, {})).statusCode).toBe(200);

    await downloadCsv(app, token, rideList, { ride_status: 'Complete', page: 3 });
    const audited = await database.db
      .select({ adminId: auditLog.adminId, table: auditLog.tableName, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'export'));
    expect(audited).toEqual([
      {
        adminId: expect.any(Number),
        table: 'trips',
        after: { list: 'ride-list', filters: { search: 'main', tz: 'UTC' } },
      },
      {
        adminId: admin.id,
        table: 'trips',
        after: { list: 'ride-list', filters: { ride_status: ['Complete'], tz: 'UTC' } },
      },
    ]);
  });

  it('refuses a format it does not write', async () => {
    const { call } = await signedInApp();
    const res = await call(rideList, { format: 'xlsx' });
    expect(res.statusCode).toBe(400);
    expect(res.body.data.errors).toEqual({ format: 'format must be csv.' });
  });
});
