import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { area, type Role } from './endpoint';
import { idSchema, pagedSchema, pageQuerySchema } from './envelope';
import { isCalendarDate } from './list-query';

/**
 * Payouts (issue 48): payees' bank details, and payout batches drafted from
 * the ledger's balances, approved by a second administrator, exported as a
 * bank file (CSV, ISO 20022 pain.001) and marked paid or failed. Amounts
 * travel as strings with two decimals, as the money calls answer them.
 */

export const PAYOUT_MESSAGES = {
  bankDetailsSaved: 'Bank details saved successfully.',
  ibanInvalid: 'Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00.',
  bicInvalid: 'Enter a valid BIC of 8 or 11 characters, such as COBADEFFXXX.',
  bicCountry: 'The BIC’s country must be the IBAN’s.',
  holderInvalid: 'Enter the account holder’s name, at most 70 characters.',
  bankDetailsAll: 'Send iban, bic and account_holder together.',
  bankDetailsPayee: 'Bank details are for a driver or a company only.',
  payeeUnknown: 'No such driver or company.',
  periodEndInvalid: 'period_end must be a date written YYYY-MM-DD, such as 2025-01-31.',
  periodEndFuture: 'The period cannot end after today.',
  /** `{day}` is the last batch's period_end. */
  periodEndBefore: 'The period must end on or after the last batch’s, {day}.',
  batchDrafted: 'Payout batch drafted successfully.',
  draftRace:
    'Another administrator drafted a batch at the same moment: open the list and try again.',
  batchesListed: 'Payout batches fetched successfully.',
  batchFetched: 'Payout batch fetched successfully.',
  batchApproved: 'Payout batch approved successfully.',
  batchMarked: 'Payout batch marked successfully.',
  batchMissing: 'Payout batch not found.',
  makerApproves: 'You drafted this batch: a second administrator must approve it.',
  notDraft: 'Only a draft batch can be approved.',
  nothingToPay: 'This batch pays no one: there is nothing to approve.',
  balancesChanged: 'Balances changed since this batch was drafted: draft it again.',
  notApproved: 'Only an approved batch can be exported or marked.',
  referenceMissing: 'Enter the bank’s reference of the payment.',
  referenceInvalid: 'The reference may be at most 140 characters of one line.',
  statusInvalid: 'status must be paid or failed.',
  formatInvalid: 'format must be csv or pain001.',
} as const;

/** Who reads payees' bank details unmasked, and saves them: the Owner and Finance. */
export const BANK_DETAILS_ROLES: readonly Role[] = ['Owner', 'Finance'];

/** Whether an administrator of `role` reads IBANs unmasked. */
export const mayReadBankDetails = (role: Role) => BANK_DETAILS_ROLES.includes(role);

/**
 * An IBAN as the other roles read it: its country and check digits, its last
 * four characters, the rest hidden (`DE89 •••• •••• 3000`).
 */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`;

/** An IBAN checked (ibantools) and written electronically: no spaces, upper case. */
const ibanSchema = z
  .string({ error: PAYOUT_MESSAGES.ibanInvalid })
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((iban) => isValidIBAN(iban), PAYOUT_MESSAGES.ibanInvalid);

const bicSchema = z
  .string({ error: PAYOUT_MESSAGES.bicInvalid })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((bic) => isValidBIC(bic), PAYOUT_MESSAGES.bicInvalid);

const holderSchema = z
  .string({ error: PAYOUT_MESSAGES.holderInvalid })
  .trim()
  .min(1, PAYOUT_MESSAGES.holderInvalid)
  .max(70, PAYOUT_MESSAGES.holderInvalid)
  .regex(/^[^\p{Cc}]*$/u, PAYOUT_MESSAGES.holderInvalid);

/**
 * Whether a BIC's country (its 5th and 6th letters) is the IBAN's, as SEPA
 * files require (the sepa library refuses otherwise), with the territories
 * a country's IBANs cover.
 */
export function bicMatchesIban(bic: string, iban: string) {
  const territories: Record<string, readonly string[]> = {
    FI: ['AX'],
    FR: ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'],
    GB: ['IM', 'JE', 'GG'],
  };
  const [bicCountry, ibanCountry] = [bic.slice(4, 6), iban.slice(0, 2)];
  return bicCountry === ibanCountry || (territories[ibanCountry] ?? []).includes(bicCountry);
}

/** Whether an account can be paid by SEPA transfer: IBAN and BIC valid, of one country. */
export const isPayableAccount = (iban: string, bic: string) =>
  isValidIBAN(iban) && isValidBIC(bic) && bicMatchesIban(bic, iban);

/** IBAN, BIC and holder, each checked, the BIC of the IBAN's country. */
export const bankAccountFields = { iban: ibanSchema, bic: bicSchema, holder: holderSchema };

export const checkBicCountry = (account: { iban?: string; bic?: string }, ctx: z.RefinementCtx) => {
  if (
    account.iban &&
    account.bic &&
    isValidIBAN(account.iban) &&
    isValidBIC(account.bic) &&
    !bicMatchesIban(account.bic, account.iban)
  ) {
    ctx.addIssue({ code: 'custom', path: ['bic'], message: PAYOUT_MESSAGES.bicCountry });
  }
};

export const bankDetailsSaveSchema = z
  .object({ user_id: idSchema, ...bankAccountFields })
  .superRefine(checkBicCountry);
export type BankDetailsForm = z.input<typeof bankDetailsSaveSchema>;

export const bankDetailsSchema = z.object({
  /** Unmasked for Owners and Finance; `DE89 •••• •••• 3000` for the other roles. */
  iban: z.string(),
  masked: z.boolean(),
  bic: z.string(),
  holder: z.string(),
  updated_at: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

// ---------------------------------------------------------------- batches

/**
 * draft -> approved -> exported (first downloaded) -> paid | failed; a new
 * draft discards the open one (discarded).
 */
export const PAYOUT_STATUSES = [
  'draft',
  'discarded',
  'approved',
  'exported',
  'paid',
  'failed',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A party of a batch: paid by it, owed but without bank details, or owing the platform. */
export const PAYOUT_ITEM_STATES = ['pay', 'blocked', 'owing'] as const;
export type PayoutItemState = (typeof PAYOUT_ITEM_STATES)[number];

/** The bank files a batch exports as. */
export const PAYOUT_FORMATS = ['csv', 'pain001'] as const;

const adminRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const payoutBatchSchema = z.object({
  id: z.number().int(),
  /** The last day (UTC) whose ledger entries the balances include, YYYY-MM-DD. */
  period_end: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** The least balance paid out. */
  minimum: z.string(),
  /** What the batch pays, and to how many; how many are blocked, how many owe the platform. */
  total: z.string(),
  payees: z.number().int(),
  blocked: z.number().int(),
  owing: z.number().int(),
  drafted_by: adminRef,
  created_at: z.string(),
  approved_by: adminRef,
  approved_at: z.string().nullable(),
  exported_at: z.string().nullable(),
  marked_by: adminRef,
  marked_at: z.string().nullable(),
  /** The bank's reference of a paid batch, or what was said of a failed one. */
  reference: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

export const payoutItemSchema = z.object({
  party_id: z.number().int(),
  kind: z.enum(['company', 'driver']),
  name: z.string(),
  state: z.enum(PAYOUT_ITEM_STATES),
  /** pay: what is paid; blocked: what is owed; owing: the (negative) balance. */
  amount: z.string(),
  /** The bank details copied when drafted (pay); null otherwise. */
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  holder: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const payoutBatchDetailSchema = payoutBatchSchema.extend({
  items: z.array(payoutItemSchema),
});
export type PayoutBatchDetail = z.infer<typeof payoutBatchDetailSchema>;

const batchIdSchema = z.object({ id: idSchema });

const markSchema = z
  .object({
    id: idSchema,
    status: z.enum(['paid', 'failed'], { error: PAYOUT_MESSAGES.statusInvalid }),
    reference: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string({ error: PAYOUT_MESSAGES.referenceInvalid })
        .trim()
        .max(140, PAYOUT_MESSAGES.referenceInvalid)
        .regex(/^[^\p{Cc}]*$/u, PAYOUT_MESSAGES.referenceInvalid)
        .optional(),
    ),
  })
  .superRefine((mark, ctx) => {
    if (mark.status === 'paid' && mark.reference === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: PAYOUT_MESSAGES.referenceMissing,
      });
    }
  });

// ---------------------------------------------------------------- calls

const payoutCalls = area('Payouts', BANK_DETAILS_ROLES);

export const bankDetailsSave = payoutCalls.post('bank-details-save', {
  summary:
    'Save a driver’s or company’s bank account for payouts (IBAN and BIC checked, the BIC of the IBAN’s country); audited.',
  input: bankDetailsSaveSchema,
  data: bankDetailsSchema,
});

export const payoutBatchCreate = payoutCalls.post('payout-batch-create', {
  summary:
    'Draft a payout batch from the balances as of period_end (ledger entries up to the end of that day, UTC, less every payout since): who is paid (at least the minimum, with bank details), who is blocked (no bank details), who owes the platform. Discards the open draft.',
  input: z.object({
    period_end: z
      .string({ error: PAYOUT_MESSAGES.periodEndInvalid })
      .trim()
      .refine(isCalendarDate, PAYOUT_MESSAGES.periodEndInvalid),
  }),
  data: payoutBatchDetailSchema,
});

export const payoutBatchList = payoutCalls.get('payout-batch-list', {
  summary: 'Payout batches, the newest first, paged.',
  input: pageQuerySchema.pick({ page: true, per_page: true }),
  data: pagedSchema(payoutBatchSchema),
});

export const payoutBatchDetail = payoutCalls.get('payout-batch-detail', {
  summary: 'A payout batch with its parties: paid, blocked and owing.',
  input: batchIdSchema,
  data: payoutBatchDetailSchema,
});

export const payoutBatchApprove = payoutCalls.post('payout-batch-approve', {
  summary:
    'Approve a draft batch: by an Owner or Finance administrator other than the one who drafted it (403). Its ledger set moves what it pays to payouts in transit.',
  input: batchIdSchema,
  data: payoutBatchSchema,
});

export const payoutBatchExport = payoutCalls.get('payout-batch-export', {
  summary:
    'The bank file of an approved batch: CSV (payee, IBAN, BIC, amount, reference) or ISO 20022 pain.001.001.09 XML for SEPA credit transfers; the same bytes each time (409 before approval).',
  input: z.object({
    id: idSchema,
    format: z.enum(PAYOUT_FORMATS, { error: PAYOUT_MESSAGES.formatInvalid }),
  }),
  /** The file's text: the call answers it as a download, not in the envelope. */
  data: z.string(),
  files: ['text/csv', 'application/xml'],
});

export const payoutBatchMark = payoutCalls.post('payout-batch-mark', {
  summary:
    'Mark an approved batch paid (with the bank’s reference: its ledger set settles the payouts in transit) or failed (a new set reverses the approval’s, so the balances are owed again).',
  input: markSchema,
  data: payoutBatchSchema,
});
