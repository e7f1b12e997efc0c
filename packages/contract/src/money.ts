import { z } from 'zod';
import { area } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { isCalendarDate } from './list-query';

/**
 * Money (issue 48): commission rules, each completed trip's split, and the
 * ledger's balances. Amounts travel as strings with two decimals ("12.50",
 * "-3.10"); percents too ("12.50").
 */

/** An amount or percent on the wire: two decimals, a minus sign when negative. */
const amountText = z.string();

/** The accounts of the ledger (ledger_entries.account). */
export const LEDGER_ACCOUNTS = [
  'platform_receipts',
  'platform_revenue',
  'platform_coupons',
  'company',
  'driver',
  'driver_cash',
  // Payouts: what an approved batch pays, until the bank pays it out (platform_paid_out).
  'payouts_in_transit',
  'platform_paid_out',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What moved money: the cause of a ledger set. */
export const LEDGER_CAUSES = ['ride_split', 'refund', 'adjustment', 'payout'] as const;
export type LedgerCause = (typeof LEDGER_CAUSES)[number];

export const MONEY_MESSAGES = {
  rulesListed: 'Commission rules fetched successfully.',
  ruleSaved: 'Commission rule saved successfully.',
  ruleTaken: 'A rule for this service type and company already starts on this day.',
  splitFetched: 'Trip split fetched successfully.',
  noSplit: 'This trip has no split yet: a trip is split when it completes.',
  balanceFetched: 'Balance fetched successfully.',
  noParty: 'No such company or driver.',
  serviceTypeMissing: 'Please choose a service type.',
  serviceTypeUnknown: 'No such service type.',
  companyUnknown: 'No such company.',
  percentInvalid: 'The percent must be a number from 0 to 100 with at most two decimals.',
  companyPercentInvalid:
    'The company percent must be a number from 0 to 100 with at most two decimals.',
  percentsOver: 'The percent and the company percent together may be at most 100.',
  fromInvalid: 'from must be a date written YYYY-MM-DD, such as 2025-01-31.',
  onePartyOnly: 'Send company_id or driver_id, not both.',
  partyMissing: 'Send company_id or driver_id.',
} as const;

/** 0 to 100 with at most two decimals, as a number or its text; the parsed value is its text "12.50". */
const PERCENT_TEXT = /^\d{1,3}(\.\d{1,2})?$/;
const percentSchema = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => String(value).trim())
    .refine((text) => PERCENT_TEXT.test(text) && Number(text) <= 100, message)
    .transform((text) => Number(text).toFixed(2));

// ---------------------------------------------------------------- commission rules

export const commissionRuleSchema = z.object({
  id: z.number().int(),
  /** The service type's id (as the lookups list them) and its title. */
  service_type: z.number().int(),
  service_type_title: z.string(),
  /** The company of an override; null for the service type's rule. */
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  /** The platform's commission, percent of the fare ("12.50"). */
  percent: amountText,
  /** The company's part of the fare, percent, when the trip has a company and a driver. */
  company_percent: amountText,
  /** The day (UTC) from which the rule holds, YYYY-MM-DD. */
  from: z.string(),
  created_at: z.string(),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

export const commissionRuleFormSchema = z
  .object({
    service_type: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional())
      .refine((v) => v !== undefined, MONEY_MESSAGES.serviceTypeMissing)
      .transform((v) => v as number),
    company_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
    percent: percentSchema(MONEY_MESSAGES.percentInvalid),
    company_percent: z
      .preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        percentSchema(MONEY_MESSAGES.companyPercentInvalid).optional(),
      )
      .transform((v) => v ?? '0.00'),
    from: z
      .string({ error: MONEY_MESSAGES.fromInvalid })
      .trim()
      .refine(isCalendarDate, MONEY_MESSAGES.fromInvalid),
  })
  .superRefine((rule, ctx) => {
    if (Number(rule.percent) + Number(rule.company_percent) > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['company_percent'],
        message: MONEY_MESSAGES.percentsOver,
      });
    }
  });
export type CommissionRuleForm = z.input<typeof commissionRuleFormSchema>;

const commissionRuleListQuery = pageQuerySchema.pick({ page: true, per_page: true }).extend({
  service_type: optionalQuery(idSchema),
  company_id: optionalQuery(idSchema),
});

// ---------------------------------------------------------------- split, balance

export const rideSplitSchema = z.object({
  ride_id: z.number().int(),
  /** The fare. */
  gross: amountText,
  /** The coupon's discount, borne by the platform: the passenger paid gross - coupon_discount. */
  coupon_discount: amountText,
  platform_commission: amountText,
  company_share: amountText,
  driver_share: amountText,
  /** True when the driver collected the fare in cash (and owes the platform for it). */
  cash_collected: z.boolean(),
  /** The rule applied (null: none was in force, 0%), and its percents. */
  rule_id: z.number().int().nullable(),
  percent: amountText,
  company_percent: amountText,
  completed_at: z.string(),
});
export type RideSplit = z.infer<typeof rideSplitSchema>;

const balanceQuery = z
  .object({ company_id: optionalQuery(idSchema), driver_id: optionalQuery(idSchema) })
  .superRefine((query, ctx) => {
    if (query.company_id !== undefined && query.driver_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['driver_id'], message: MONEY_MESSAGES.onePartyOnly });
    } else if (query.company_id === undefined && query.driver_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['company_id'], message: MONEY_MESSAGES.partyMissing });
    }
  });

export const balanceSchema = z.object({
  company_id: z.number().int().nullable(),
  driver_id: z.number().int().nullable(),
  /**
   * What the platform owes the party: positive, the platform owes it;
   * negative, the party owes the platform (a driver holding cash).
   */
  balance: amountText,
  /** Of which, for a driver: the cash collected and not yet settled (owed to the platform). */
  cash_held: amountText,
});
export type Balance = z.infer<typeof balanceSchema>;

// ---------------------------------------------------------------- calls

/** Owners and Finance: the money screens and calls. */
const moneyCalls = area('Money', ['Owner', 'Finance']);

export const commissionRuleList = moneyCalls.get('commission-rule-list', {
  summary:
    'Commission rules, the latest `from` first, paged; `service_type` and `company_id` filter (company_id: that company’s overrides).',
  input: commissionRuleListQuery,
  data: pagedSchema(commissionRuleSchema),
});

export const commissionRuleSave = moneyCalls.post('commission-rule-save', {
  summary:
    'A new commission rule from a day on: the service type’s, or a company’s override with company_id. Rules are never edited: a later `from` supersedes one; the same service type, company and day again is 409.',
  input: commissionRuleFormSchema,
  data: commissionRuleSchema,
});

export const rideSplit = moneyCalls.get('ride-split', {
  summary:
    'A completed trip’s split, computed once when it completed (404 for an unknown trip or one not split yet).',
  input: z.object({ ride_id: idSchema }),
  data: rideSplitSchema,
});

export const ledgerBalance = moneyCalls.get('balance', {
  summary:
    'A company’s or a driver’s balance from the ledger: positive, the platform owes it; negative, it owes the platform.',
  input: balanceQuery,
  data: balanceSchema,
});
