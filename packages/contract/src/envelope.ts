import { z } from 'zod';

/** Every response of the admin API: `{ status, message, data }` (SPEC 7). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), message: z.string(), data });

export type Envelope<T> = { status: boolean; message: string; data: T };

/** Field errors of a rejected request: field name -> first message. */
const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The `data` of a failed call: field errors when the input was at fault. */
const errorDataSchema = z.object({ errors: fieldErrorsSchema }).nullable();
export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  data: errorDataSchema,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * Paged lists answer `data: { data, current_page, last_page, per_page, total,
 * total_exact }`. `total` counts every row of the list, unless `total_exact`
 * is false: a search of the trips counts its matches only up to a few pages
 * past the one asked for (counting 40,000 matching trips would cost more than
 * showing them), so there `total` and `last_page` are lower bounds and more
 * pages follow; asking for a later page counts further, up to the first
 * 10,000 matches.
 */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_exact: z.boolean(),
  });
export type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  total_exact: boolean;
};

export const PER_PAGE_DEFAULT = 10;
export const PER_PAGE_MAX = 100;

/** Query strings arrive as strings; an empty value (SPEC sends `status=`) means "not given". */
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An optional query value: blank counts as absent. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

/** The largest PostgreSQL `integer`: every id fits in it. */
export const PG_INTEGER_MAX = 2_147_483_647;

/** Decimal digits only: no sign, blank, point, exponent or `0x`. */
const DECIMAL_DIGITS = /^[0-9]+$/;

/** A field's message, or one chosen from what was sent. */
type Message = string | ((input: unknown) => string);
const errorOf = (message: Message) => ({
  error: (issue: { input?: unknown }) =>
    typeof message === 'string' ? message : message(issue.input),
});

/**
 * A whole number from `min` to `max`, sent as a JSON number or as a string of
 * decimal digits (query strings are text, and a client written against SPEC 7
 * may send a body's numbers either way), and nothing else: not an array, a
 * boolean, hex, an exponent, blanks, a sign or a fraction. z.coerce.number
 * took all of those, so `{"id":[5]}` and `{"id":"0x5"}` reached record 5.
 * `notWhole` is the message for a wrong shape; `tooSmall` and `tooLarge` for
 * a value out of range (both `notWhole` unless given).
 */
export function wholeNumber(rule: {
  min: number;
  max: number;
  notWhole: Message;
  tooSmall?: Message;
  tooLarge?: Message;
}) {
  const { min, max, notWhole, tooSmall = notWhole, tooLarge = notWhole } = rule;
  // The range first: 1e300 is too large before it is an unsafe integer.
  const inRange = z
    .number(errorOf(notWhole))
    .min(min, errorOf(tooSmall))
    .max(max, errorOf(tooLarge))
    .int(errorOf(notWhole));
  const digits = z
    .string()
    .regex(DECIMAL_DIGITS, errorOf(notWhole))
    // Past `max` is too large, however many digits (400 nines would read as Infinity).
    .transform((text) => Math.min(Number(text), max + 1))
    .pipe(inRange);
  return z.union([inRange, digits], errorOf(notWhole));
}

/** A record id: a whole number from 1 to PostgreSQL's integer maximum. */
export const idSchema = wholeNumber({
  min: 1,
  max: PG_INTEGER_MAX,
  notWhole: 'Must be a whole number.',
  tooSmall: 'Must be a positive number.',
  tooLarge: 'Is out of range.',
});

const pageNumberSchema = wholeNumber({
  min: 1,
  max: 1_000_000,
  notWhole: 'Page must be a whole number.',
  tooSmall: 'Page must be 1 or more.',
  tooLarge: 'Page is out of range.',
});

const perPageSchema = wholeNumber({
  min: 1,
  max: PER_PAGE_MAX,
  notWhole: 'per_page must be a whole number.',
  tooSmall: 'per_page must be 1 or more.',
  tooLarge: `per_page must be at most ${PER_PAGE_MAX}.`,
});

export const pageQuerySchema = z.object({
  page: optionalQuery(pageNumberSchema).default(1),
  per_page: optionalQuery(perPageSchema).default(PER_PAGE_DEFAULT),
  search: optionalQuery(
    z
      .string()
      .trim()
      .max(100, 'Search must be at most 100 characters.')
      // One line: a trip's people are searched one per line (rides.people_search).
      .regex(/^[^\p{Cc}]*$/u, 'Search must be one line of text, without control characters.'),
  ),
});

/**
 * The most rows support-list and coupon-list answer without `page`. SPEC 7
 * reads their `data` as an array, so they stay arrays (newest first), but
 * bounded: a client that wants more asks for pages.
 */
export const UNPAGED_LIST_MAX = 500;

/** support-list, coupon-list: without `page`, SPEC 7's array; with it, a paged list. */
export const arrayOrPageQuerySchema = z.object({
  page: optionalQuery(pageNumberSchema),
  per_page: optionalQuery(perPageSchema).default(PER_PAGE_DEFAULT),
});
export type ArrayOrPageQuery = z.output<typeof arrayOrPageQuerySchema>;

/**
 * The `data` of a list that is an array unless `page` is sent: SPEC 7's array
 * (at most UNPAGED_LIST_MAX items), or a paged list. A caller that sent `page`
 * reads it with `pagedOf`.
 */
export const arrayOrPageSchema = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item).max(UNPAGED_LIST_MAX), pagedSchema(item)]);

/** The paged answer of a list that may also answer an array (it was asked with `page`). */
export function pagedOf<T>(data: T[] | Paged<T>): Paged<T> {
  if (Array.isArray(data)) throw new Error('expected a paged list: send `page`');
  return data;
}

/** Text a person typed: trimmed; blank counts as missing so the SPEC message shows. */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: missing }).min(1, missing).max(max, tooLong),
  );
