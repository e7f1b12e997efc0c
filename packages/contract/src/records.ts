import { z } from 'zod';
import { area, ROLES, type Role } from './endpoint';
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
 * Soft delete. One call for every table, so its roles are the union of
 * DELETE_ROLES: the server also checks the table against the role.
 */
export const deleteData = directoryCalls.post('delete-data', {
  summary: 'Soft-delete a user, vehicle, FAQ entry or coupon (its trips and sales stay).',
  input: deleteDataBodySchema,
  data: z.object({ id: int() }),
  roles: ROLES.filter((role) => DELETABLE_TABLES.some((table) => mayDelete(role, table))),
});
