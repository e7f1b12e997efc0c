import type { AddressInfo } from 'node:net';
import {
  API_BASE,
  couponAdd,
  notificationStream,
  notificationStreamTicket,
  rideList,
  statusUpdate,
  urlOf,
  userDetail,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, coupons, users } from '../../src/db/schema';
import { notify } from '../../src/lib/notify';
import { createRide, createUser } from '../builders';
import { api, bearer, buildTestApp, createAdmin, signIn } from '../helper';
import { openSse } from '../sse';

/**
 * Numbers are numbers (issue 16, point 8): a number field takes a JSON number
 * or a string of the digits 0-9, nothing else. z.coerce.number took `[5]`,
 * `"0x5"`, `" 0x10 "`, `"1e1"`, `true`..., so `{"id":[5]}` changed record 5.
 */

type Json = z.core.JSONSchema.JSONSchema;

async function signedIn() {
  const setup = await buildTestApp();
  await createAdmin(setup.database);
  const headers = bearer(await signIn(setup.app));
  const post = (path: string, payload: unknown) =>
    setup.app.inject({
      method: 'POST',
      url: api(path),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  /** `query` is sent as written: what a hand-made URL carries. */
  const get = (path: string, query: string) =>
    setup.app.inject({ url: `${api(path)}?${query}`, headers });
  const audits = async () =>
    (await setup.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
  return { ...setup, post, get, audits };
}

/** Whether a JSON Schema (of a zod field) takes a number. */
const isNumeric = (s: Json | boolean | undefined): boolean =>
  typeof s === 'object' &&
  (s.type === 'integer' || s.type === 'number' || (s.anyOf ?? []).some(isNumeric));

/** The number fields of a request schema, by name. */
function numberFields(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return Object.entries(json.properties ?? {})
    .filter(([, field]) => isNumeric(field))
    .map(([name]) => name);
}

/** JSON values that are not a number, whatever their digits say. */
const NOT_NUMBERS_JSON: unknown[] = [[1], ['1'], '0x1', ' 1', '1 ', '+1', '1.0', '1e0', true, {}];
/** The same in a query string (always text): hex, blanks, sign, point, exponent, a repeated key. */
const NOT_NUMBERS_QUERY = ['0x1', '%201', '1%20', '%2B1', '1.0', '1e0', 'true', '1&{field}=1'];

describe('every number field of every call', () => {
  it('answers 400 with a field error for anything but a number or decimal digits', async () => {
    const { app, post, get } = await signedIn();
    const checked: string[] = [];
    const failures: string[] = [];
    for (const route of app.routeTable.filter((r) => r.url.startsWith(API_BASE))) {
      const path = route.url.slice(API_BASE.length);
      const isRead = route.method === 'GET';
      for (const field of numberFields(isRead ? route.schema.querystring : route.schema.body)) {
        checked.push(`${route.method} ${path} ${field}`);
        const shapes = isRead ? NOT_NUMBERS_QUERY : NOT_NUMBERS_JSON;
        for (const shape of shapes) {
          const res = isRead
            ? await get(path, `${field}=${String(shape).replace('{field}', field)}`)
            : await post(path, { [field]: shape });
          const errors = res.statusCode === 400 ? res.json().data?.errors : undefined;
          if (typeof errors?.[field] !== 'string') {
            failures.push(`${route.method} ${path} ${field}=${JSON.stringify(shape)}: ${res.body}`);
          }
        }
      }
    }
    // A guard against a walk that finds nothing: ids, paging, discount, suspend_status, after.
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST status-update id',
        'GET user-detail user_id',
        'GET ride-list page',
        'GET ride-list per_page',
        'POST coupon-add discount',
        'POST coupon-status suspend_status',
        'POST support-update support_id',
        'GET notification-stream after',
      ]),
    );
    expect(checked.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});

describe('a body id (status-update)', () => {
  const refused: [string, (id: number) => unknown, string][] = [
    ['[id]', (id) => [id], 'Must be a whole number.'],
    ['["id"]', (id) => [String(id)], 'Must be a whole number.'],
    ['"0x.."', (id) => `0x${id.toString(16)}`, 'Must be a whole number.'],
    ['" id"', (id) => ` ${id}`, 'Must be a whole number.'],
    ['"id "', (id) => `${id} `, 'Must be a whole number.'],
    ['"+id"', (id) => `+${id}`, 'Must be a whole number.'],
    ['"-id"', (id) => `-${id}`, 'Must be a whole number.'],
    ['"id.0"', (id) => `${id}.0`, 'Must be a whole number.'],
    ['"ide0"', (id) => `${id}e0`, 'Must be a whole number.'],
    ['1.5', () => 1.5, 'Must be a whole number.'],
    ['true', () => true, 'Must be a whole number.'],
    ['null', () => null, 'Must be a whole number.'],
    ['""', () => '', 'Must be a whole number.'],
    ['0', () => 0, 'Must be a positive number.'],
    ['-1', () => -1, 'Must be a positive number.'],
    ['2147483648', () => 2_147_483_648, 'Is out of range.'],
    ['1e300', () => 1e300, 'Is out of range.'],
    ['"99999999999999"', () => '99999999999999', 'Is out of range.'],
    ['400 nines', () => '9'.repeat(400), 'Is out of range.'],
  ];

  // Each refusal on one database: they change nothing, which each checks.
  it('refuses a list, hex, blanks, signs, points, exponents, zero and out of range; the user stays Active', async () => {
    const { database, post, audits } = await signedIn();
    const user = await createUser(database, { status: 'Active' });
    const before = await audits();
    for (const [label, shape, message] of refused) {
      const res = await post(statusUpdate.path, {
        id: shape(user.id),
        table: 'users',
        status: 'Inactive',
      });
      expect.soft(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect
        .soft(res.json(), label)
        .toEqual({ status: false, message, data: { errors: { id: message } } });
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect.soft(row!.status, label).toBe('Active');
      expect.soft(await audits(), label).toBe(before);
    }
  });

  it.each([
    ['number', (id: number) => id] as const,
    ['digits', (id: number) => String(id)] as const,
  ])('takes the id as a %s', async (_, shape) => {
    const { database, post } = await signedIn();
    const user = await createUser(database, { status: 'Active' });
    const res = await post(statusUpdate.path, {
      id: shape(user.id),
      table: 'users',
      status: 'Inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe('Inactive');
  });
});

describe('a query id (user-detail)', () => {
  const refused: [string, string][] = [
    ['0x{hex}', 'Must be a whole number.'],
    ['%20{id}', 'Must be a whole number.'],
    ['{id}%20', 'Must be a whole number.'],
    ['%2B{id}', 'Must be a whole number.'],
    ['-{id}', 'Must be a whole number.'],
    ['{id}.0', 'Must be a whole number.'],
    ['{id}e0', 'Must be a whole number.'],
    ['{id}&user_id={id}', 'Must be a whole number.'],
    ['true', 'Must be a whole number.'],
    ['0', 'Must be a positive number.'],
    ['2147483648', 'Is out of range.'],
  ];

  it('refuses hex, blanks, signs, points, exponents, a repeated key, zero and out of range', async () => {
    const { database, get } = await signedIn();
    const user = await createUser(database);
    for (const [shape, message] of refused) {
      const query = `user_id=${shape.replaceAll('{id}', String(user.id)).replace('{hex}', user.id.toString(16))}`;
      const res = await get(userDetail.path, query);
      expect.soft(res.statusCode, `${shape}: ${res.body}`).toBe(400);
      expect
        .soft(res.json(), shape)
        .toEqual({ status: false, message, data: { errors: { user_id: message } } });
    }
  });

  it('takes digits, leading zeros included', async () => {
    const { database, get } = await signedIn();
    const user = await createUser(database);
    for (const query of [`user_id=${user.id}`, `user_id=00${user.id}`]) {
      const res = await get(userDetail.path, query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.id).toBe(user.id);
    }
  });
});

describe('page', () => {
  const refused: [string, string][] = [
    ['0x2', 'Page must be a whole number.'],
    ['%202', 'Page must be a whole number.'],
    ['%2B2', 'Page must be a whole number.'],
    ['-2', 'Page must be a whole number.'],
    ['2.0', 'Page must be a whole number.'],
    ['2e0', 'Page must be a whole number.'],
    ['2&page=3', 'Page must be a whole number.'],
    ['0', 'Page must be 1 or more.'],
    ['1000001', 'Page is out of range.'],
  ];

  it('refuses hex, blanks, signs, points, exponents, a repeated key, zero and out of range', async () => {
    const { get } = await signedIn();
    for (const [shape, message] of refused) {
      const res = await get(rideList.path, `page=${shape}`);
      expect.soft(res.statusCode, `${shape}: ${res.body}`).toBe(400);
      expect
        .soft(res.json(), shape)
        .toEqual({ status: false, message, data: { errors: { page: message } } });
    }
  });

  it('takes page=2', async () => {
    const { database, get } = await signedIn();
    for (let i = 0; i < 3; i++) await createRide(database);
    const res = await get(rideList.path, 'page=2&per_page=2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ current_page: 2, last_page: 2, per_page: 2 });
    expect(res.json().data.data).toHaveLength(1);
  });
});

describe('a coupon discount', () => {
  const coupon = { title: 'Ten', coupon_code: 'TEN', description: 'Ten off' };
  const RANGE = 'The percentage must be a whole number from 1 to 100.';

  const refused: [unknown, string][] = [
    [' 0x10 ', RANGE],
    ['0x10', RANGE],
    ['16 ', RANGE],
    ['1e1', RANGE],
    ['+10', RANGE],
    ['-10', RANGE],
    ['10.0', RANGE],
    [10.5, RANGE],
    [[10], RANGE],
    [true, RANGE],
    [0, RANGE],
    [101, RANGE],
    ['101', RANGE],
    ['', 'Please enter percentage.'],
    [null, 'Please enter percentage.'],
  ];

  it('refuses hex, blanks, signs, points, a list, true, out of range and nothing; stores nothing', async () => {
    const { database, post, audits } = await signedIn();
    const before = await audits();
    for (const [discount, message] of refused) {
      const label = JSON.stringify(discount);
      const res = await post(couponAdd.path, { ...coupon, discount });
      expect.soft(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect.soft(res.json().data.errors, label).toEqual({ discount: message });
      expect.soft(await database.db.select().from(coupons), label).toEqual([]);
      expect.soft(await audits(), label).toBe(before);
    }
  });

  it.each([16, '16'])('takes %j', async (discount) => {
    const { database, post } = await signedIn();
    const res = await post(couponAdd.path, { ...coupon, discount });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await database.db.select().from(coupons);
    expect(row!.discount).toBe(16);
  });
});

describe('notification-stream', () => {
  it('refuses a bad `after` or Last-Event-ID before the stream starts; digits catch up', async () => {
    const { app, database } = await signedIn();
    const seen = await notify(database.db, { title: 'Seen', message: 's', link: null });
    await notify(database.db, { title: 'Missed', message: 'm', link: null });
    const res = await app.inject({
      method: 'POST',
      url: urlOf(notificationStreamTicket),
      headers: bearer(await signIn(app)),
    });
    const { ticket } = res.json<{ data: { ticket: string } }>().data;
    const url = `${urlOf(notificationStream)}?ticket=${encodeURIComponent(ticket)}`;

    const after = await app.inject({ url: `${url}&after=99999999999999` });
    expect(after.statusCode).toBe(400);
    expect(after.headers['content-type']).toMatch(/^application\/json/);
    expect(after.json().data.errors).toEqual({ after: 'after is out of range.' });
    const lastEventId = await app.inject({ url, headers: { 'last-event-id': '0x1' } });
    expect(lastEventId.statusCode).toBe(400);
    expect(lastEventId.headers['content-type']).toMatch(/^application\/json/);

    // The refusals did not spend the ticket; a Last-Event-ID of digits catches up.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const stream = await openSse(`http://127.0.0.1:${port}${url}`, {
      'last-event-id': String(seen.id),
    });
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'notification' && e.data.includes('Missed'));
      expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});
