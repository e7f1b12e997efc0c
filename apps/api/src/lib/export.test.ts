import {
  allUsers,
  auditLog,
  couponList,
  driverList,
  ENDPOINTS,
  transactionList,
  rideList,
  userList,
  vehicleList,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createDriver,
  createRide,
  createUser,
  createVehicle,
} from '../../test/builders';
import { createAdmin, downloadCsv, signedInApp, signIn } from '../../test/helper';
import { csvCell, csvLine } from './csv';

/** The least each list needs besides format=csv. */
const REQUIRED: Record<string, Record<string, string>> = { 'user-list': { user_type: 'Driver' } };

/**
 * A line as a spreadsheet whose list separator is `;` (most European
 * locales) reads a CSV file: split at each `;` outside quotes; a cell that
 * opens with a quote runs to its closing quote, and what follows it up to the
 * next `;` is added as it stands.
 */
function semicolonCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let opened = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === ';') {
      cells.push(cell);
      cell = '';
      opened = false;
    } else if (c === '"' && !opened && cell === '') {
      quoted = opened = true;
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells;
}

/** A cell a spreadsheet runs as a formula (leading blanks are skipped). */
const isFormula = (cell: string) => /^[=+\-@]/.test(cell.trimStart());

describe('CSV cells', () => {
  it('quotes every text cell per RFC 4180 and neutralises text a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`)).toMatch(/^"'/);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    for (const separator of [',', ';', '\t', '; ', ',  ']) {
      expect(csvCell(`See policy${separator}=1+1`)).toBe(`"See policy${separator}'=1+1"`);
    }
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('"a",1,\r\n');
  });

  it('opens with no formula in a spreadsheet whose separator is a comma or a semicolon', () => {
    const attacks = [
      'See policy; =1+1',
      'a;=HYPERLINK("http://x")',
      'x,@SUM(1)',
      'tab\t+1',
      '-2+3',
      '  ;  =cmd',
      'plain; text',
    ];
    const file = attacks.map((text) => csvLine([7, text, 'ok'])).join('');
    for (const line of file.split('\r\n').filter(Boolean)) {
      const cells = semicolonCells(line);
      expect(cells.filter(isFormula), line).toEqual([]);
    }
    // Read with its own separator, every cell is the text written, behind its guard.
    expect(semicolonCells(csvLine(['See policy; =1+1']).trimEnd())).toEqual(["See policy; '=1+1"]);
  });
});

describe('format=csv on every list', () => {
  it('answers a CSV file with a BOM and a header row for each exporting list', async () => {
    const { app, database, token } = await signedInApp();
    const company = await createCompany(database);
    // A statement is of a party and its days, and named after them.
    const required: typeof REQUIRED = {
      ...REQUIRED,
      statement: { company_id: String(company.id), from: '2026-03-01', to: '2026-03-31' },
    };
    const lists = ENDPOINTS.filter((e) => e.export !== null);
    expect(lists.map((e) => e.path).sort()).toEqual(
      [
        'admin-list',
        'all-users',
        'audit-log',
        'coupon-list',
        'driver-list',
        'expiring-documents',
        'review-queue',
        'ride-list',
        'statement',
        'support-list',
        'transaction',
        'user-list',
        'vehicle-list',
      ].sort(),
    );
    for (const endpoint of lists) {
      const res = await downloadCsv(app, token, endpoint, required[endpoint.path] ?? {});
      expect([endpoint.path, res.statusCode]).toEqual([endpoint.path, 200]);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        endpoint.path === 'statement'
          ? /^attachment; filename="statement_2026-03-01_to_2026-03-31\.csv"$/
          : new RegExp(`^attachment; filename="${endpoint.export}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(res.text.charCodeAt(0)).toBe(0xfeff);
      expect(res.rows[0]!.length).toBeGreaterThan(2);
    }
  });

  it('exports every person the filters keep, across pages, in the sort asked', async () => {
    const { app, database, token } = await signedInApp();
    const company = await createCompany(database, { companyName: 'Fast Cabs' });
    for (const name of ['Cleo', 'abel', 'Bruno']) {
      await createDriver(database, { name, companyId: company.id, approval: 'Pending' });
    }
    await createDriver(database, { name: 'Other', approval: 'Pending' });
    await createDriver(database, { name: 'Decided', companyId: company.id, approval: 'Approved' });
    await createUser(database, { name: 'Passenger' });

    const drivers = await downloadCsv(app, token, driverList, {
      company_id: company.id,
      approval: 'Pending',
      sort: 'name',
      per_page: 1,
    });
    expect(drivers.rows.slice(1).map((r) => [r[2], r[8], r[12]])).toEqual([
      ['abel', 'Pending', 'Fast Cabs'],
      ['Bruno', 'Pending', 'Fast Cabs'],
      ['Cleo', 'Pending', 'Fast Cabs'],
    ]);
    const pending = await downloadCsv(app, token, userList, {
      user_type: 'Driver',
      approval: 'Pending',
    });
    expect(pending.rows).toHaveLength(5);
    const everyone = await downloadCsv(app, token, allUsers, { search: 'passenger' });
    expect(everyone.rows.slice(1).map((r) => r[2])).toEqual(['Passenger']);
  });

  it('exports vehicles, sales with two-decimal money, and the audit log', async () => {
    const { app, database, token } = await signedInApp();
    await createVehicle(database, { licenseNumber: 'ZZ-1' });
    await createVehicle(database, { licenseNumber: 'AA-2', approval: 'Pending' });
    await createRide(database, { amount: '7.5' });

    const vehicles = await downloadCsv(app, token, vehicleList, { sort: 'license_number' });
    expect(vehicles.rows.slice(1).map((r) => [r[8], r[9]])).toEqual([
      ['AA-2', 'Pending'],
      ['ZZ-1', 'Approved'],
    ]);
    const sales = await downloadCsv(app, token, transactionList);
    expect(sales.rows[0]).toEqual([
      'Transaction ID',
      'Date',
      'Amount',
      'Payment Method',
      'Trip ID',
    ]);
    expect(sales.rows[1]?.[2]).toBe('7.50');
    expect(sales.rows[1]?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const log = await downloadCsv(app, token, auditLog, { action: 'export' });
    // The two exports above, and this one, audited before it is read.
    expect(log.rows.slice(1).map((r) => [r[3], r[4]])).toEqual([
      ['export', 'audit-log'],
      ['export', 'sales'],
      ['export', 'vehicles'],
    ]);
    // A search keeps only its matches in the whole set, as on the screen.
    const searched = await downloadCsv(app, token, vehicleList, { search: 'zz-1' });
    expect(searched.rows.slice(1).map((r) => r[8])).toEqual(['ZZ-1']);
  });

  it('answers an error, audits nothing and sends no file when the list cannot be read', async () => {
    const { app, database, token } = await signedInApp();
    // A statement that fails (here: its table is gone) stands for a value PostgreSQL
    // cannot take or a database that is down: found before anything is sent.
    await database.rows(sql`alter table rides rename to rides_gone`);
    await database.rows(sql`alter table coupons rename to coupons_gone`);
    const exports = async () =>
      (
        await database.rows<{ n: number }>(
          sql`select count(*)::int as n from audit_log where action = 'export'`,
        )
      )[0]!.n;
    for (const endpoint of [rideList, couponList]) {
      const res = await downloadCsv(app, token, endpoint);
      expect([endpoint.path, res.statusCode]).toEqual([endpoint.path, 500]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toMatchObject({
        status: false,
        message: 'Internal Server Error',
      });
    }
    expect(await exports()).toBe(0);
  });

  it('refuses Support and Operator on every list they read', async () => {
    const { app, database } = await signedInApp();
    const password = 'another long passphrase';
    for (const role of ['Support', 'Operator'] as const) {
      const email = `${role.toLowerCase()}@cabdesk.test`;
      await createAdmin(database, { email, password }, role);
      const token = await signIn(app, { email, password });
      for (const endpoint of ENDPOINTS.filter((e) => e.export !== null && e.roles.includes(role))) {
        const res = await downloadCsv(app, token, endpoint, REQUIRED[endpoint.path] ?? {});
        expect([role, endpoint.path, res.statusCode]).toEqual([role, endpoint.path, 403]);
      }
    }
  });
});
