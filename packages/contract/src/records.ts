import { z } from 'zod';
import { area } from './endpoint';
import { idSchema } from './envelope';
import { activeStatusSchema, approvalDecisionSchema, int } from './vocabulary';

/**
 * The three record calls of SPEC 7 (status-update, approval-user,
 * delete-data). `table` is an allow-list of SPEC's wire names; failures answer
 * 404 (not found) or 409 (not allowed in the record's state) with one of
 * DIRECTORY_MESSAGES.
 */

/** POST status-update: Active/Inactive of a user, driver or company. */
const statusUpdateBodySchema = z.object({
  id: idSchema,
  table: z.enum(['users'], { error: 'table must be users.' }),
  status: activeStatusSchema,
});

/** POST approval-user: decide a Pending company, driver (users) or vehicle. */
const approvalBodySchema = z.object({
  id: idSchema,
  table: z.enum(['users', 'vehicles'], { error: 'table must be users or vehicles.' }),
  approval: approvalDecisionSchema,
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

// ---------------------------------------------------------------- calls

const directoryCalls = area('Directory', ['Owner', 'Operator']);

export const statusUpdate = directoryCalls.post('status-update', {
  summary: 'Switch a passenger, driver or (approved) company Active or Inactive.',
  input: statusUpdateBodySchema,
  data: z.object({ id: int(), status: activeStatusSchema }),
});

export const approvalUser = directoryCalls.post('approval-user', {
  summary: 'Approve or reject a Pending company, driver or vehicle.',
  input: approvalBodySchema,
  data: z.object({ id: int(), approval: approvalDecisionSchema }),
});

/**
 * Soft delete. One call for every table, so its roles are the union: the
 * server also checks the table against the role (people and vehicles for
 * Operators, FAQ and coupons for Support).
 */
export const deleteData = directoryCalls.post('delete-data', {
  summary: 'Soft-delete a user, vehicle, FAQ entry or coupon (its trips and sales stay).',
  input: deleteDataBodySchema,
  data: z.object({ id: int() }),
  roles: ['Owner', 'Operator', 'Support'],
});
