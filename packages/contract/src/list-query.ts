import { z } from 'zod';
import { optionalQuery } from './envelope';

/**
 * Query parameters the lists share beyond paging and search (issue 18):
 * `sort`, a date range in the administrator's time zone, an amount range.
 * Every one is optional; a blank value counts as absent (SPEC sends `status=`).
 */

export const FORMAT_MESSAGE = 'format must be csv.';

/**
 * `format=csv` on a list call (one whose endpoint has `export`): instead of
 * the JSON page, the whole filtered, sorted set as a CSV file (`page` and
 * `per_page` are ignored), streamed: UTF-8 with a byte-order mark, a header
 * row in the request's language (Accept-Language), timestamps in ISO 8601
 * UTC (`2026-11-24T09:30:00.000Z`), money with two decimals, RFC 4180
 * quoting, and a cell that starts with `=`, `+`, `-`, `@`, tab or carriage
 * return prefixed with `'` (CSV injection). Only EXPORT_ROLES may; others 403.
 * Absent: the JSON page. Any other value is 400.
 */
export const exportQuery = {
  format: optionalQuery(z.enum(['csv'], { error: FORMAT_MESSAGE })),
};

/** A parsed `sort`: the field, and whether it runs from the largest down. */
export type Sort<F extends string = string> = { field: F; descending: boolean };

/** `field`, and `-field` for the descending order (JSON:API). */
type SortValue<F extends string> = F | `-${F}`;

export const sortMessage = (fields: readonly string[]) =>
  `sort must be one of ${fields.join(', ')}, or one of them after - for descending order.`;

/**
 * `sort=<field>` ascending, `sort=-<field>` descending (JSON:API style), one
 * field of `fields`. Absent: the list's default order. Rows that tie on the
 * field follow by id in the same direction, so pages never overlap. An unknown
 * field is 400 with a field error naming the allowed ones.
 */
export function sortQuery<const F extends string>(fields: readonly [F, ...F[]]) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [SortValue<F>, ...SortValue<F>[]];
  return optionalQuery(
    z
      .enum(values, { error: sortMessage(fields) })
      .transform((value): Sort<F> =>
        value.startsWith('-')
          ? { field: value.slice(1) as F, descending: true }
          : { field: value as F, descending: false },
      ),
  );
}

/**
 * `sort` of a list whose fields depend on another parameter (user-list's
 * fields depend on user_type): any `field` or `-field` here, checked against
 * the fields by checkSort in the query's refinement, so its 400 names the
 * fields of that role.
 */
export const dependentSortQuery = <F extends string>(description: string) =>
  optionalQuery(
    z
      .string()
      .transform((value): Sort<F> =>
        value.startsWith('-')
          ? { field: value.slice(1) as F, descending: true }
          : { field: value as F, descending: false },
      )
      .describe(description),
  );

/** Refuses a sort (of dependentSortQuery) whose field is not one of `fields`. */
export function checkSort(sort: Sort | undefined, fields: readonly string[], ctx: z.RefinementCtx) {
  if (sort && !fields.includes(sort.field)) {
    ctx.addIssue({ code: 'custom', path: ['sort'], message: sortMessage(fields) });
  }
}

// ---------------------------------------------------------------- dates

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a `YYYY-MM-DD` that names a day of the calendar (year 1 to 9999). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
}

const calendarDate = (field: string) =>
  optionalQuery(
    z
      .string()
      .refine(isCalendarDate, `${field} must be a date written YYYY-MM-DD, such as 2025-01-31.`),
  );

/** The time zone name as the runtime's time zone database knows it, or null. */
function canonicalTimeZone(name: string): string | null {
  // Names only: PostgreSQL reads "+01:00" as a POSIX zone (the sign inverted).
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TIME_ZONE_MESSAGE = 'tz must be an IANA time zone name, such as Europe/Madrid.';

/**
 * `from`, `to`: days `YYYY-MM-DD`, both inclusive, in the time zone `tz` (an
 * IANA name such as `America/New_York`; UTC when absent): `to=2025-01-31&tz=Europe/Madrid`
 * ends at midnight Madrid time between January 31 and February 1. Either may be
 * left out. A date that does not exist, `from` after `to` or an unknown zone is 400.
 */
export const dateRangeQuery = {
  from: calendarDate('from'),
  to: calendarDate('to'),
  tz: optionalQuery(
    z
      .string()
      .max(64, TIME_ZONE_MESSAGE)
      .transform((name, ctx) => {
        const zone = canonicalTimeZone(name);
        if (zone === null) {
          ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
          return z.NEVER;
        }
        return zone;
      }),
  ).default('UTC'),
};

/** A parsed date range: `from`/`to` days in `tz`, each optional. */
export type DateRange = { from?: string; to?: string; tz: string };

export const DATE_ORDER_MESSAGE = 'to must be on or after from.';

/** Refuses `from` after `to` (the object-level check of a query holding dateRangeQuery). */
export function checkDateOrder(query: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_ORDER_MESSAGE });
  }
}

// ---------------------------------------------------------------- amounts

/** Dollars with at most two decimals, up to numeric(12,2): `12`, `12.5`, `12.50`. */
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

const amount = (field: string) => {
  const message = `${field} must be an amount in dollars, such as 12.50.`;
  return optionalQuery(
    z
      .union([z.number(), z.string()], { error: message })
      .transform((value) => String(value))
      .refine((text) => AMOUNT.test(text), message)
      .transform(Number),
  );
};

/** `min_amount`, `max_amount`: an inclusive price range in dollars. */
export const amountRangeQuery = {
  min_amount: amount('min_amount'),
  max_amount: amount('max_amount'),
};

export const AMOUNT_ORDER_MESSAGE = 'max_amount must be at least min_amount.';

export function checkAmountOrder(
  query: { min_amount?: number; max_amount?: number },
  ctx: z.RefinementCtx,
) {
  const { min_amount: min, max_amount: max } = query;
  if (min !== undefined && max !== undefined && min > max) {
    ctx.addIssue({ code: 'custom', path: ['max_amount'], message: AMOUNT_ORDER_MESSAGE });
  }
}
