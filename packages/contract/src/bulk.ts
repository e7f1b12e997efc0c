import { z } from 'zod';
import { area } from './endpoint';
import { idSchema } from './envelope';
import { DECISION_MESSAGES, optionalReasonSchema } from './records';
import { userFilterSchema } from './users';
import { vehicleFilterSchema } from './vehicles';
import { int } from './vocabulary';

/**
 * POST bulk-action: one decision or status change on many records, the same
 * change approval-user or status-update makes on one (audited and notified
 * alike, one audit row per record).
 * - action: approve | reject (companies and drivers in `users`, vehicles) or
 *   activate | deactivate (any person in `users`; not vehicles).
 * - exactly one of `ids` (1 to BULK_IDS_MAX) or `filter`: the parameters of
 *   the matching list call (user-list / all-users / driver-list for users,
 *   vehicle-list for vehicles, without paging and sort), selecting every
 *   record it matches, across pages (at most BULK_FILTER_MAX; more is 400).
 * - reason: required to reject (the rules of the single rejection), stored
 *   with an approval too; not used by activate or deactivate.
 * The server works in chunks of BULK_CHUNK records, each chunk one
 * transaction. Answers which ids were changed (`done`), which were already
 * in the target state (`skipped`), and which could not be changed, with why
 * (`failed`: missing, deleted, a passenger to approve, a company not yet
 * approved to activate...). A single decision made meanwhile on the same
 * record is never applied twice: that record is skipped or failed.
 */
export const BULK_ACTIONS = ['approve', 'reject', 'activate', 'deactivate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_IDS_MAX = 1000;
export const BULK_FILTER_MAX = 5000;
export const BULK_CHUNK = 200;

export const BULK_MESSAGES = {
  action: 'action must be approve, reject, activate or deactivate.',
  table: 'table must be users or vehicles.',
  idsOrFilter: 'Send either ids or filter, not both.',
  idsEmpty: 'Select at least one record.',
  idsTooMany: `Select at most ${BULK_IDS_MAX} records at once.`,
  vehicleStatus: 'Vehicles can only be approved or rejected.',
  /** 400: `{count}` is how many the filter selects. */
  tooMany: `The filter selects {count} records; at most ${BULK_FILTER_MAX} can be changed at once. Narrow it.`,
  /** The success message: `{done}`, `{skipped}`, `{failed}` are counts. */
  summary: '{done} changed, {skipped} already so, {failed} failed.',
  unchanged: 'It is already in that status.',
  passenger: 'Passengers are not approved or rejected.',
} as const;

const bulkActionSchema = z.enum(BULK_ACTIONS, { error: BULK_MESSAGES.action });

const idsSchema = z
  .array(idSchema, { error: BULK_MESSAGES.idsEmpty })
  .min(1, BULK_MESSAGES.idsEmpty)
  .max(BULK_IDS_MAX, BULK_MESSAGES.idsTooMany);

const common = {
  action: bulkActionSchema,
  ids: idsSchema.optional(),
  reason: optionalReasonSchema,
};

const bulkActionBodySchema = z
  .discriminatedUnion(
    'table',
    [
      z.object({ ...common, table: z.literal('users'), filter: userFilterSchema.optional() }),
      z.object({ ...common, table: z.literal('vehicles'), filter: vehicleFilterSchema.optional() }),
    ],
    { error: BULK_MESSAGES.table },
  )
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_MESSAGES.idsOrFilter });
    }
    if (body.action === 'reject' && body.reason === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: DECISION_MESSAGES.reasonRequired });
    }
    if (body.table === 'vehicles' && (body.action === 'activate' || body.action === 'deactivate')) {
      ctx.addIssue({ code: 'custom', path: ['action'], message: BULK_MESSAGES.vehicleStatus });
    }
  });
export type BulkActionBody = z.input<typeof bulkActionBodySchema>;

const bulkResultSchema = z.object({
  done: z.array(int()),
  skipped: z.array(int()),
  failed: z.array(z.object({ id: int(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkAction = area('Directory', ['Owner', 'Operator']).post('bulk-action', {
  summary:
    'Approve, reject, activate or deactivate many records, by ids or by a list filter, in chunks.',
  input: bulkActionBodySchema,
  data: bulkResultSchema,
});
