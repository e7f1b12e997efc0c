import { z } from 'zod';
import { area } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { exportQuery, isCalendarDate } from './list-query';
import { LEDGER_CAUSES } from './money';

/**
 * Statements (issue 48, point 3): what moved a company's or a driver's
 * balance over a period of days (UTC, both inclusive), from the ledger.
 * Amounts are two-decimal strings ("12.50", "-3.10"); a balance is what the
 * platform owes the party (negative: what the party owes the platform).
 */

/** The longest period a statement covers, in days (a leap year). */
export const STATEMENT_MAX_DAYS = 366;

export const STATEMENT_MESSAGES = {
  fetched: 'Statement fetched successfully.',
  fromMissing: 'Please choose the first day (from), written YYYY-MM-DD.',
  toMissing: 'Please choose the last day (to), written YYYY-MM-DD.',
  fromInvalid: 'from must be a date written YYYY-MM-DD, such as 2025-01-31.',
  toInvalid: 'to must be a date written YYYY-MM-DD, such as 2025-01-31.',
  order: 'to must be on or after from.',
  tooLong: 'A statement covers at most 366 days: choose a shorter period.',
  onePartyOnly: 'Send company_id or driver_id, not both.',
  partyMissing: 'Send company_id or driver_id.',
  noParty: 'No such company or driver.',
} as const;

const amountText = z.string();

const day = (missing: string, invalid: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: (issue) => (issue.input === undefined ? missing : invalid) })
      .trim()
      .refine(isCalendarDate, invalid),
  );

/** Days between two `YYYY-MM-DD`, both counted. */
export const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const statementQuerySchema = z
  .object({
    company_id: optionalQuery(idSchema),
    driver_id: optionalQuery(idSchema),
    from: day(STATEMENT_MESSAGES.fromMissing, STATEMENT_MESSAGES.fromInvalid),
    to: day(STATEMENT_MESSAGES.toMissing, STATEMENT_MESSAGES.toInvalid),
    ...pageQuerySchema.pick({ page: true, per_page: true }).shape,
    ...exportQuery,
  })
  .superRefine((query, ctx) => {
    if (query.company_id !== undefined && query.driver_id !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['driver_id'],
        message: STATEMENT_MESSAGES.onePartyOnly,
      });
    } else if (query.company_id === undefined && query.driver_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['company_id'],
        message: STATEMENT_MESSAGES.partyMissing,
      });
    }
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: STATEMENT_MESSAGES.order });
    } else if (daysIn(query.from, query.to) > STATEMENT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: STATEMENT_MESSAGES.tooLong });
    }
  });
export type StatementQuery = z.input<typeof statementQuerySchema>;

/**
 * One line: a movement of the party's balance in the period, one ledger set
 * (a trip's split, a refund, an adjustment, a payout). A trip's line carries
 * its split; other lines only their amount.
 */
export const statementLineSchema = z.object({
  /** When it happened: a trip's completion, else when the set was written (ISO, UTC). */
  at: z.string(),
  /** The ledger set's cause. */
  kind: z.enum(LEDGER_CAUSES),
  /** The ledger set. */
  set_id: z.number().int(),
  /** The cause's id: the trip's for a split, the refund's, adjustment's or payout's otherwise. */
  reference: z.number().int(),
  /** The trip of a split; null for other lines. */
  ride_id: z.number().int().nullable(),
  gross: amountText.nullable(),
  coupon_discount: amountText.nullable(),
  platform_commission: amountText.nullable(),
  /** The party's share of the trip. */
  share: amountText.nullable(),
  /** The cash collected for the trip (the passenger paid gross − coupon in cash), else "0.00". */
  cash_collected: amountText.nullable(),
  /** What the line moved the balance by: positive, the platform owes the party more. */
  amount: amountText,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementSchema = z.object({
  party: z.object({
    kind: z.enum(['company', 'driver']),
    id: z.number().int(),
    name: z.string(),
  }),
  from: z.string(),
  to: z.string(),
  /** The balance before `from`: every movement dated before the period. */
  opening_balance: amountText,
  /** The period's trips (completed in it) and their splits. */
  trips: z.number().int(),
  gross: amountText,
  /** The coupons on those trips, borne by the platform. */
  coupons: amountText,
  /** The platform's commission on those trips. */
  commission: amountText,
  /** The party's share of those trips. */
  share: amountText,
  /** The cash passengers paid for those trips (held by their drivers). */
  cash_collected: amountText,
  /** What the trips moved the balance by: the share, less the cash a driver collected. */
  trips_total: amountText,
  refunds: amountText,
  adjustments: amountText,
  payouts: amountText,
  /** opening + trips_total + refunds + adjustments + payouts. */
  closing_balance: amountText,
  /** The period's lines, the oldest first, paged. */
  lines: pagedSchema(statementLineSchema),
});
export type Statement = z.infer<typeof statementSchema>;

export const statement = area('Money', ['Owner', 'Finance']).get('statement', {
  summary:
    'A company’s or a driver’s statement for the days from–to (UTC, inclusive, at most 366): opening balance, the trips’ gross, coupons, commission, share and cash, refunds, adjustments, payouts, closing balance, and the lines paged; `format=csv` exports every line.',
  input: statementQuerySchema,
  data: statementSchema,
  export: 'statement',
});
