import { ENDPOINTS, PER_PAGE_MAX, type AnyEndpoint } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createCompany, createRide, createUser } from '../builders';
import { splitCompletedRides } from '../../src/modules/money';
import type { Database } from '../../src/db/client';
import { buildTestApp, createAdmin, downloadCsv, signedIn } from '../helper';

/** Every list: the GET calls whose query takes `page`. */
const PAGED = ENDPOINTS.filter(
  (e) => e.method === 'GET' && 'page' in ((e.input as z.ZodObject).shape ?? {}),
);

/** What a list needs besides paging to answer at all (notes and history: a record). */
async function requiredBy(path: string, database: Database): Promise<Record<string, string>> {
  if (path === 'user-list') return { user_type: 'User' };
  if (path === 'statement') {
    // A company with three trips split in March: three lines.
    const company = await createCompany(database);
    const ids: number[] = [];
    for (let day = 1; day <= 3; day++) {
      const ride = await createRide(database, {
        companyId: company.id,
        updatedAt: new Date(`2026-03-0${day}T12:00:00Z`),
      });
      ids.push(ride.id);
    }
    await database.db.transaction((tx) => splitCompletedRides(tx, ids));
    return { company_id: String(company.id), from: '2026-03-01', to: '2026-03-31' };
  }
  if (path === 'note-list' || path === 'record-history') {
    return { table: 'users', id: String((await createUser(database)).id) };
  }
  return {};
}

const takes = (e: AnyEndpoint, field: string) => field in (e.input as z.ZodObject).shape;

describe('paging, on every list', () => {
  it('finds the lists in the contract', () => {
    expect(PAGED.map((e) => e.path).sort()).toEqual(
      [
        'all-users',
        'audit-log',
        'case-list',
        'commission-rule-list',
        'coupon-list',
        'driver-list',
        'driver-rating-review',
        'expiring-documents',
        'money-request-list',
        'note-list',
        'payout-batch-list',
        'record-history',
        'review-queue',
        'ride-list',
        'statement',
        'support-list',
        'transaction',
        'user-list',
        'vehicle-list',
        'webhook-delivery-list',
      ].sort(),
    );
  });

  it.each(PAGED.filter((e) => e.export !== null).map((e) => [e.path, e] as const))(
    '%s with format=csv ignores page and per_page: the whole list',
    async (_path, endpoint) => {
      const { app, database } = await buildTestApp();
      await createAdmin(database);
      const { call, token } = await signedIn(app);
      for (let i = 0; i < 3; i++) await createRide(database);
      const base = await requiredBy(endpoint.path, database);
      const page = await call(endpoint, { ...base, page: '1', per_page: '1' });
      // A statement's lines are the list it pages.
      const list = endpoint.path === 'statement' ? page.body.data.lines : page.body.data;
      const total = Array.isArray(list) ? list.length : list.total;
      const csv = await downloadCsv(app, token, endpoint, { ...base, page: '2', per_page: '1' });
      expect(csv.statusCode).toBe(200);
      // The header, then every row of the list, not the (empty) second page of one
      // (the audit log also holds the export's own entry, written before it is read).
      expect(csv.rows.length - 1).toBe(endpoint.path === 'audit-log' ? total + 1 : total);
    },
  );

  it.each(PAGED.map((e) => [e.path, e] as const))(
    '%s refuses a bad page or page size and a long search, and takes the largest page size',
    async (_path, endpoint) => {
      const { app, database } = await buildTestApp();
      await createAdmin(database);
      const { call } = await signedIn(app);
      const base = await requiredBy(endpoint.path, database);
      const refusals: [Record<string, string>, string, string][] = [
        [{ page: 'abc' }, 'page', 'Page must be a whole number.'],
        [{ page: '0' }, 'page', 'Page must be 1 or more.'],
        [{ page: '1', per_page: '0' }, 'per_page', 'per_page must be 1 or more.'],
        [{ page: '1', per_page: '1.5' }, 'per_page', 'per_page must be a whole number.'],
        [
          { page: '1', per_page: String(PER_PAGE_MAX + 1) },
          'per_page',
          'per_page must be at most 100.',
        ],
        ...(takes(endpoint, 'search')
          ? [
              [{ search: 'a'.repeat(101) }, 'search', 'Search must be at most 100 characters.'] as [
                Record<string, string>,
                string,
                string,
              ],
            ]
          : []),
      ];
      for (const [query, field, message] of refusals) {
        const res = await call(endpoint, { ...base, ...query });
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.body).toEqual({
          status: false,
          message,
          data: { errors: { [field]: message } },
        });
      }
      const largest = await call(endpoint, { ...base, page: '1', per_page: String(PER_PAGE_MAX) });
      expect(largest.statusCode).toBe(200);
      expect(
        endpoint.path === 'statement' ? largest.body.data.lines : largest.body.data,
      ).toMatchObject({ current_page: 1, per_page: PER_PAGE_MAX });
    },
  );
});
