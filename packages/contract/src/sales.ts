import { z } from 'zod';
import { area } from './endpoint';
import { pagedSchema, pageQuerySchema } from './envelope';

/** A payment of a trip (SPEC 3). */
const transactionSchema = z.object({
  id: z.number().int(),
  transaction_id: z.string(),
  ride_id: z.number().int().nullable(),
  /** Dollars with cents. */
  amount: z.number(),
  payment_method: z.string(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET transaction?page&per_page: every payment, newest first. */
const transactionQuerySchema = pageQuerySchema.pick({ page: true, per_page: true });

const salesCalls = area('Sales', ['Owner', 'Finance']);

export const transactionList = salesCalls.get('transaction', {
  summary: 'Payments, newest first, paged.',
  input: transactionQuerySchema,
  data: pagedSchema(transactionSchema),
});
