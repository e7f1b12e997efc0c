import { z } from 'zod';
import { area } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';

/**
 * Money (issue 48, points 5 and 6): refunds of trips, adjustments of a
 * company's or driver's balance, the second administrator who approves them
 * above an amount an Owner sets, and Finance's dashboard. Amounts travel as
 * strings with two decimals ("12.50", "-3.10").
 */

export const MONEY_REQUEST_KINDS = ['refund', 'adjustment'] as const;
export type MoneyRequestKind = (typeof MONEY_REQUEST_KINDS)[number];

/**
 * Waiting for a second administrator; approved (its ledger set written);
 * rejected by a second administrator, with a reason; or withdrawn by its
 * maker. Only a waiting one is decided, once.
 */
export const MONEY_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type MoneyRequestStatus = (typeof MONEY_REQUEST_STATUSES)[number];

/** The approval threshold until an Owner sets one: above it, a second administrator approves. */
export const DEFAULT_APPROVAL_THRESHOLD = '100.00';

/** The longest reason a refund or adjustment keeps. */
export const MONEY_REASON_MAX = 500;

export const REFUND_MESSAGES = {
  refundApproved: 'Refund approved.',
  refundPending: 'Refund recorded. It waits for a second administrator to approve it.',
  adjustmentApproved: 'Adjustment approved.',
  adjustmentPending: 'Adjustment recorded. It waits for a second administrator to approve it.',
  approved: 'Approved.',
  rejected: 'Rejected.',
  withdrawn: 'Withdrawn.',
  listed: 'Refunds and adjustments fetched successfully.',
  settings: 'Money settings fetched successfully.',
  settingsSaved: 'Money settings saved.',
  dashboard: 'Finance dashboard fetched successfully.',
  amountInvalid: 'Enter an amount above 0 with at most two decimals, such as 12.50.',
  adjustmentInvalid:
    'Enter an amount other than 0 with at most two decimals, such as 12.50 or -12.50.',
  thresholdInvalid: 'Enter an amount of 0 or more with at most two decimals, such as 100.00.',
  reasonRequired: 'Please enter a reason.',
  reasonTooLong: 'The reason may be at most 500 characters.',
  rideNotSplit: 'Only a completed trip can be refunded.',
  overPaid: 'The trip’s refunds may not exceed what the passenger paid ({paid}).',
  partyUnknown: 'No such company or driver.',
  onePartyOnly: 'Send company_id or driver_id, not both.',
  partyMissing: 'Send company_id or driver_id.',
  notFound: 'Refund or adjustment not found.',
  alreadyApproved: 'This has already been approved.',
  alreadyRejected: 'This has already been rejected.',
  alreadyWithdrawn: 'This has already been withdrawn.',
  makerCannotApprove:
    'You made this request: another Owner or Finance administrator must approve it.',
  makerCannotReject:
    'You made this request: withdraw it, or another Owner or Finance administrator may reject it.',
  onlyMakerWithdraws: 'Only the administrator who made this request can withdraw it.',
} as const;

/** Digits with at most two decimals, as a number or its text; the parsed value is its text "12.50". */
const AMOUNT_TEXT = /^-?\d{1,10}(\.\d{1,2})?$/;
const amountSchema = (message: string, accept: (value: number) => boolean) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => String(value).trim())
    .refine((text) => AMOUNT_TEXT.test(text) && accept(Number(text)), message)
    .transform((text) => Number(text).toFixed(2));

const reasonSchema = z
  .string({ error: REFUND_MESSAGES.reasonRequired })
  .trim()
  .min(1, REFUND_MESSAGES.reasonRequired)
  .max(MONEY_REASON_MAX, REFUND_MESSAGES.reasonTooLong);

export const refundFormSchema = z.object({
  ride_id: idSchema,
  amount: amountSchema(REFUND_MESSAGES.amountInvalid, (n) => n > 0),
  reason: reasonSchema,
});
export type RefundForm = z.input<typeof refundFormSchema>;

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  idSchema.optional(),
);

export const adjustmentFormSchema = z
  .object({
    company_id: optionalId,
    driver_id: optionalId,
    amount: amountSchema(REFUND_MESSAGES.adjustmentInvalid, (n) => n !== 0),
    reason: reasonSchema,
  })
  .superRefine((body, ctx) => {
    if (body.company_id !== undefined && body.driver_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['driver_id'], message: REFUND_MESSAGES.onePartyOnly });
    } else if (body.company_id === undefined && body.driver_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['company_id'], message: REFUND_MESSAGES.partyMissing });
    }
  });
export type AdjustmentForm = z.input<typeof adjustmentFormSchema>;

export const moneyRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MONEY_REQUEST_KINDS),
  status: z.enum(MONEY_REQUEST_STATUSES),
  /** A refund's trip. */
  ride_id: z.number().int().nullable(),
  /** An adjustment's company or driver, and its name. */
  company_id: z.number().int().nullable(),
  driver_id: z.number().int().nullable(),
  party_name: z.string().nullable(),
  /** A refund: > 0. An adjustment: positive, the platform owes the party more; negative, less. */
  amount: z.string(),
  reason: z.string(),
  /** The approval threshold when it was made. */
  threshold: z.string(),
  maker_id: z.number().int(),
  maker_name: z.string(),
  approver_id: z.number().int().nullable(),
  approver_name: z.string().nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  /** Who rejected it (a second administrator) or withdrew it (its maker), when, and why (a rejection's reason). */
  decided_by: z.number().int().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;

const moneyRequestListQuery = pageQuerySchema.pick({ page: true, per_page: true }).extend({
  status: optionalQuery(
    z.enum(MONEY_REQUEST_STATUSES, {
      error: 'status must be pending, approved, rejected or withdrawn.',
    }),
  ),
  kind: optionalQuery(z.enum(MONEY_REQUEST_KINDS, { error: 'kind must be refund or adjustment.' })),
  ride_id: optionalQuery(idSchema),
});

export const moneySettingsSchema = z.object({
  /** Above this amount (an adjustment's size, either sign) a second administrator approves. */
  approval_threshold: z.string(),
});
export type MoneySettings = z.infer<typeof moneySettingsSchema>;

export const moneySettingsFormSchema = z.object({
  approval_threshold: amountSchema(REFUND_MESSAGES.thresholdInvalid, (n) => n >= 0),
});

const financeDashboardSchema = z.object({
  /** The period: the dashboard's last TREND_DAYS UTC days, YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  /** Fares of the trips completed in the period, their coupons and the platform's commission. */
  gross: z.string(),
  coupons: z.string(),
  commission: z.string(),
  /** Refunds approved in the period. */
  refunds: z.string(),
  /** Now: what the platform owes companies, owes drivers, and what drivers owe it (cash held). */
  owed_to_companies: z.string(),
  owed_to_drivers: z.string(),
  owed_by_drivers: z.string(),
  /** Every day of the period, oldest first. */
  days: z.array(
    z.object({ day: z.string(), gross: z.string(), commission: z.string(), refunds: z.string() }),
  ),
});
export type FinanceDashboard = z.infer<typeof financeDashboardSchema>;

// ---------------------------------------------------------------- calls

/** Owners and Finance make and approve refunds and adjustments; only an Owner sets the threshold. */
const moneyCalls = area('Money', ['Owner', 'Finance']);

export const refundCreate = moneyCalls.post('refund-create', {
  summary:
    'A full or partial refund of a completed trip, with a reason. At or below the approval threshold it is approved at once (its ledger set written, `refund.approved` sent); above it, it waits for a second administrator (`refund.requested`). A trip’s refunds never exceed what the passenger paid.',
  input: refundFormSchema,
  data: moneyRequestSchema,
});

export const adjustmentCreate = moneyCalls.post('adjustment-create', {
  summary:
    'An adjustment of a company’s or a driver’s balance, with a reason: positive, the platform owes the party more; negative, less. Approved at once at or below the threshold, else waits for a second administrator.',
  input: adjustmentFormSchema,
  data: moneyRequestSchema,
});

export const moneyApprove = moneyCalls.post('money-approve', {
  summary:
    'A second administrator approves a waiting refund or adjustment: its ledger set is written and the marketplace told. The one who made it cannot (403); unknown 404, already decided 409.',
  input: z.object({ id: idSchema }),
  data: moneyRequestSchema,
});

export const moneyReject = moneyCalls.post('money-reject', {
  summary:
    'A second administrator rejects a waiting refund or adjustment, with a reason: no ledger set is written, and a refund’s amount is free to refund again (`refund.rejected` sent). The one who made it cannot (403: they withdraw it); unknown 404, already decided 409.',
  input: z.object({ id: idSchema, reason: reasonSchema }),
  data: moneyRequestSchema,
});

export const moneyWithdraw = moneyCalls.post('money-withdraw', {
  summary:
    'The administrator who made a waiting refund or adjustment withdraws it: no ledger set is written, and a refund’s amount is free to refund again (`refund.withdrawn` sent). Anyone else 403; unknown 404, already decided 409.',
  input: z.object({ id: idSchema }),
  data: moneyRequestSchema,
});

export const moneyRequestList = moneyCalls.get('money-request-list', {
  summary:
    'Refunds and adjustments, the newest first, paged; `status`, `kind` and `ride_id` filter (what waits: status=pending).',
  input: moneyRequestListQuery,
  data: pagedSchema(moneyRequestSchema),
});

export const moneySettings = moneyCalls.get('money-settings', {
  summary:
    'The approval threshold: above it, a refund or adjustment waits for a second administrator.',
  data: moneySettingsSchema,
});

export const moneySettingsSave = moneyCalls.post('money-settings-save', {
  summary:
    'An Owner sets the approval threshold (0: every refund and adjustment needs two people).',
  roles: ['Owner'],
  input: moneySettingsFormSchema,
  data: moneySettingsSchema,
});

export const financeDashboard = moneyCalls.get('dashboard-money', {
  summary:
    'Finance’s dashboard: gross, coupons, commission and refunds over the last 30 days and per day, and what is outstanding now (owed to companies and drivers, owed by drivers), from the ledger.',
  data: financeDashboardSchema,
});
