import { z } from 'zod';
import { expiryDatesSchema } from './documents';
import { area, ROLES, type Role } from './endpoint';
import { idSchema } from './envelope';
import { activeStatusSchema, approvalDecisionSchema, approvalSchema, int } from './vocabulary';

/**
 * The three record calls of SPEC 7 (status-update, approval-user,
 * delete-data), and the undo of a decision. `table` is an allow-list of
 * SPEC's wire names; failures answer 404 (not found) or 409 (not allowed in
 * the record's state) with one of DIRECTORY_MESSAGES or DECISION_MESSAGES.
 */

export const REASON_MAX = 500;
/** How long after a decision its administrator may undo it (the web's toast offers 10 s). */
export const UNDO_WINDOW_SECONDS = 30;

export const DECISION_MESSAGES = {
  reasonRequired: 'Please enter a reason.',
  reasonTooLong: `The reason may be at most ${REASON_MAX} characters.`,
  undone: 'Decision undone.',
  notUndoable: `Only your own decision of the last ${UNDO_WINDOW_SECONDS} seconds can be undone.`,
} as const;

/** A reason as typed: trimmed, bounded; blank is none. */
export const optionalReasonSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
  z.string().max(REASON_MAX, DECISION_MESSAGES.reasonTooLong).optional(),
);

/**
 * POST status-update: Active/Inactive of a user, driver or company (table
 * users) or of a vehicle. SPEC 7's `id, table, status`, and optionally
 * `reason`: why it is made Inactive (Cabdesk's screens require one), stored
 * on the record as its status reason until it is Active again.
 */
const statusUpdateBodySchema = z.object({
  id: idSchema,
  table: z.enum(['users', 'vehicles'], { error: 'table must be users or vehicles.' }),
  status: activeStatusSchema,
  reason: optionalReasonSchema,
});

/** The table of a decided record: a company or driver (users) or a vehicle. */
const decidedTableSchema = z.enum(['users', 'vehicles'], {
  error: 'table must be users or vehicles.',
});

/**
 * POST approval-user: decide a Pending company, driver (users) or vehicle.
 * SPEC 7's `id, table, approval`, and optionally:
 * - `reason`: why (Cabdesk's screens require one to reject); stored with who
 *   decided and when, shown in the detail answers and the notification;
 * - `expires_on`: the expiry dates of the record's documents read at review
 *   (`{ "driver_licence": "2027-03-31" }`), stored with the decision.
 */
const approvalBodySchema = z.object({
  id: idSchema,
  table: decidedTableSchema,
  approval: approvalDecisionSchema,
  reason: optionalReasonSchema,
  expires_on: expiryDatesSchema.optional(),
});

/** The reject form of Cabdesk's screens: a reason is required there. */
export const rejectFormSchema = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: DECISION_MESSAGES.reasonRequired })
      .min(1, DECISION_MESSAGES.reasonRequired)
      .max(REASON_MAX, DECISION_MESSAGES.reasonTooLong),
  ),
});

/** POST delete-data: soft delete (the record leaves every list; its rides and sales stay). */
export const DELETABLE_TABLES = ['users', 'vehicles', 'supports', 'coupons'] as const;
const deleteDataBodySchema = z.object({
  id: idSchema,
  table: z.enum(DELETABLE_TABLES, {
    error: 'table must be users, vehicles, supports or coupons.',
  }),
});
export type DeleteDataBody = z.input<typeof deleteDataBodySchema>;
export type DeletableTable = (typeof DELETABLE_TABLES)[number];

/**
 * Who may delete what through delete-data: people and vehicles are the
 * Operators' (the directory), FAQ entries and coupons Support's.
 */
export const DELETE_ROLES: Record<DeletableTable, readonly Role[]> = {
  users: ['Owner', 'Operator'],
  vehicles: ['Owner', 'Operator'],
  supports: ['Owner', 'Support'],
  coupons: ['Owner', 'Support'],
};

/** Whether an administrator of `role` may delete a record of `table`. */
export const mayDelete = (role: Role, table: DeletableTable) => DELETE_ROLES[table].includes(role);

// ---------------------------------------------------------------- calls

const directoryCalls = area('Directory', ['Owner', 'Operator']);

export const statusUpdate = directoryCalls.post('status-update', {
  summary:
    'Switch a passenger, driver, (approved) company or vehicle Active or Inactive, optionally with a reason.',
  input: statusUpdateBodySchema,
  data: z.object({ id: int(), status: activeStatusSchema }),
});

export const approvalUser = directoryCalls.post('approval-user', {
  summary:
    'Approve or reject a Pending company, driver or vehicle, optionally with a reason and document expiry dates.',
  input: approvalBodySchema,
  data: z.object({ id: int(), approval: approvalDecisionSchema }),
});

/**
 * POST approval-undo {id, table}: the administrator who decided takes the
 * decision back within UNDO_WINDOW_SECONDS; the record is Pending again
 * (audited). 409 for anyone else's decision, an older one, or a Pending record.
 */
export const approvalUndo = directoryCalls.post('approval-undo', {
  summary: 'Undo your own decision on a company, driver or vehicle within 30 seconds.',
  input: z.object({ id: idSchema, table: decidedTableSchema }),
  data: z.object({ id: int(), approval: approvalSchema }),
});

/**
 * Soft delete. One call for every table, so its roles are the union of
 * DELETE_ROLES: the server also checks the table against the role.
 */
export const deleteData = directoryCalls.post('delete-data', {
  summary: 'Soft-delete a user, vehicle, FAQ entry or coupon (its trips and sales stay).',
  input: deleteDataBodySchema,
  data: z.object({ id: int() }),
  roles: ROLES.filter((role) => DELETABLE_TABLES.some((table) => mayDelete(role, table))),
});
