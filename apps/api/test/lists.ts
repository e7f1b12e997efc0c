import type { AnyEndpoint } from '@cabdesk/contract';
import { expect } from 'vitest';
import type { Answer } from './helper';

/** The `call` of signedIn(app). */
type Call = (target: AnyEndpoint, input?: Record<string, unknown>) => Promise<Answer>;

type Item = { id: number } & Record<string, unknown>;

/**
 * Every item of a list, read page by page with `per_page` small, so rows that
 * tie on the sort cross page boundaries: a page order that is not stable would
 * show a row twice or lose one. Also checks that every page says the same
 * total and that the total is the number of items.
 */
export async function everyPage(
  call: Call,
  endpoint: AnyEndpoint,
  query: Record<string, unknown>,
  perPage = 2,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const res = await call(endpoint, { ...query, page, per_page: perPage });
    expect(res.statusCode, JSON.stringify({ ...query, page, body: res.body })).toBe(200);
    items.push(...(res.body.data.data as Item[]));
    if (page >= res.body.data.last_page) {
      if (res.body.data.total_exact) expect(res.body.data.total).toBe(items.length);
      return items;
    }
  }
}

/** A sort key as PostgreSQL compares it here: text without regard to case, null after all. */
const keyOf = (value: unknown): string | number | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value.toLowerCase()
      : (value as number);

const compareKeys = (a: string | number | null, b: string | number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/**
 * The ids of `items` in the order `sort=field` (or `-field`) must give: by
 * the item's own `field`, then by id, both in the sort's direction.
 */
export function idsSortedBy(items: readonly Item[], field: string, descending: boolean): number[] {
  const sign = descending ? -1 : 1;
  return [...items]
    .sort((a, b) => sign * (compareKeys(keyOf(a[field]), keyOf(b[field])) || a.id - b.id))
    .map((item) => item.id);
}

/**
 * For each field, both directions: every page of the list in order of that
 * field, ties by id; and with no sort, today's order (newest first).
 */
export async function expectSorts(
  call: Call,
  endpoint: AnyEndpoint,
  query: Record<string, unknown>,
  fields: readonly string[],
) {
  const all = await everyPage(call, endpoint, query);
  expect(all.length).toBeGreaterThan(2);
  const unsorted = all.map((item) => item.id);
  expect(unsorted, 'newest first by default').toEqual(idsSortedBy(all, 'created_at', true));
  for (const field of fields) {
    for (const descending of [false, true]) {
      const sort = `${descending ? '-' : ''}${field}`;
      const ids = (await everyPage(call, endpoint, { ...query, sort })).map((item) => item.id);
      expect(ids, sort).toEqual(idsSortedBy(all, field, descending));
    }
  }
}

/** The 400 of an unknown sort field: a field error naming the fields allowed. */
export async function expectUnknownSortRefused(
  call: Call,
  endpoint: AnyEndpoint,
  query: Record<string, unknown>,
  fields: readonly string[],
  unknown = 'nope',
) {
  const message = `sort must be one of ${fields.join(', ')}, or one of them after - for descending order.`;
  for (const sort of [unknown, `-${unknown}`, '--name', 'created_at,name', ' ']) {
    const res = await call(endpoint, { ...query, sort });
    if (sort === ' ') {
      expect(res.statusCode, 'a blank sort is no sort').toBe(200);
      continue;
    }
    expect(res.statusCode, sort).toBe(400);
    expect(res.body).toEqual({ status: false, message, data: { errors: { sort: message } } });
  }
}
