import { z } from 'zod';
import { area } from './endpoint';
import { optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { checkDateOrder, dateRangeQuery, exportQuery, sortQuery } from './list-query';

/** A payment of a trip (SPEC 3); ride_id opens its trip (ride-detail). */
export const transactionSchema = z.object({
  id: z.number().int(),
  transaction_id: z.string(),
  ride_id: z.number().int().nullable(),
  /** Dollars with cents. */
  amount: z.number(),
  payment_method: z.string(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** transaction sorts by date (the default, newest first) or amount. */
export const TRANSACTION_SORTS = ['created_at', 'amount'] as const;

/**
 * GET transaction?page&per_page: every payment, newest first or by
 * TRANSACTION_SORTS; `from`/`to` (days in `tz`, inclusive) and
 * `payment_method` (exact, as the lookups call lists them) filter.
 */
const transactionQuerySchema = pageQuerySchema
  .pick({ page: true, per_page: true })
  .extend({
    ...exportQuery,
    ...dateRangeQuery,
    payment_method: optionalQuery(
      z.string().trim().max(50, 'payment_method must be at most 50 characters.'),
    ),
    sort: sortQuery(TRANSACTION_SORTS),
  })
  .superRefine(checkDateOrder);

/**
 * A page of payments, and over the whole filtered set (every page): `total`,
 * how many, and `total_amount`, their sum in dollars. Both exact.
 */
const transactionPageSchema = pagedSchema(transactionSchema).extend({
  total_amount: z.number(),
});

const salesCalls = area('Sales', ['Owner', 'Finance']);

export const transactionList = salesCalls.get('transaction', {
  summary: 'Payments newest first or sorted, filtered by dates and method, paged, with their sum.',
  input: transactionQuerySchema,
  data: transactionPageSchema,
  export: 'sales',
});
