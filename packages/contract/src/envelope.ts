import { z } from 'zod';

/** Every response of the admin API: `{ status, message, data }` (SPEC 7). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), message: z.string(), data });

export type Envelope<T> = { status: boolean; message: string; data: T };

/** Field errors of a rejected request: field name -> first message. */
export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The `data` of a failed call: field errors when the input was at fault. */
export const errorDataSchema = z.object({ errors: fieldErrorsSchema }).nullable();
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
export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An optional query value: blank counts as absent. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

/** A positive integer id, from a query string or a JSON body. */
export const idSchema = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be a positive number.')
  .max(2_147_483_647, 'Is out of range.');

export const pageQuerySchema = z.object({
  page: optionalQuery(
    z.coerce
      .number({ error: 'Page must be a number.' })
      .int('Page must be a whole number.')
      .min(1, 'Page must be 1 or more.')
      .max(1_000_000, 'Page is out of range.'),
  ).default(1),
  per_page: optionalQuery(
    z.coerce
      .number({ error: 'per_page must be a number.' })
      .int('per_page must be a whole number.')
      .min(1, 'per_page must be 1 or more.')
      .max(PER_PAGE_MAX, `per_page must be at most ${PER_PAGE_MAX}.`),
  ).default(PER_PAGE_DEFAULT),
  search: optionalQuery(z.string().trim().max(100, 'Search must be at most 100 characters.')),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Text a person typed: trimmed; blank counts as missing so the SPEC message shows. */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: missing }).min(1, missing).max(max, tooLong),
  );
