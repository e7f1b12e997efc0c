import { z } from 'zod';
import { area, OWNER_ONLY } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { exportQuery } from './list-query';
import { int } from './vocabulary';

/**
 * Record kinds of the audit log (its `table_name`) that the screen names and
 * links to; other kinds are listed all the same.
 */
export const AUDIT_TABLES = [
  'users',
  'vehicles',
  'rides',
  'supports',
  // The safety and support desk (issue 49): a case's changes, a type's deadlines.
  'cases',
  'case_deadlines',
  'coupons',
  'admins',
  'admin_sessions',
  'notifications',
  'integration_keys',
  'webhooks',
  'app_flags',
  'commission_rules',
  'money_requests',
  'bank_details',
  'payout_batches',
] as const;

/**
 * The people of one role, a record kind of its own in the filter: `table` may
 * be one of these as well as a table ("Company Checker Transport" is found
 * among the companies, not among every person).
 */
export const AUDIT_PEOPLE_KINDS = {
  passengers: 'User',
  drivers: 'Driver',
  companies: 'Company',
} as const;

/** The record kinds the screen's filter offers, people by role first. */
export const AUDIT_RECORD_KINDS = [
  ...(Object.keys(AUDIT_PEOPLE_KINDS) as (keyof typeof AUDIT_PEOPLE_KINDS)[]),
  ...AUDIT_TABLES.filter((table) => table !== 'users'),
] as const;

/** Actions the screen suggests in its filter (any action can be filtered on). */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'login_2fa_failed',
  'logout',
  'admin_invite',
  'invite_accept',
  'admin_update',
  'two_factor_enable',
  'two_factor_reset',
  'two_factor_disable',
  'recovery_codes_renew',
  'step_up',
  'two_factor_policy',
  'recovery_code_used',
  'session_revoke',
  'two_factor_setup',
  'approval-user',
  'approval-undo',
  'status-update',
  'delete-data',
  'ride-cancel',
  'document-update',
  'document-expired',
  'document-renewed',
  'note-add',
  // The safety and support desk (issue 49).
  'case-update',
  'case-deadlines-save',
  'create',
  'update',
  'status',
  'export',
  'view_save',
  'view_replace',
  'view_delete',
  'notification_read',
  'notification_read_all',
  'notification_mute',
  'profile_update',
  'password_change',
  'password_reset',
  'password_set_on_server',
  'integration_key_create',
  'integration_key_revoke',
  'integration_import',
  // The simulator's service and vehicle types on an empty marketplace (simulation/provision.ts).
  'service_type_create',
  'vehicle_type_create',
  'webhook_create',
  'webhook_update',
  'webhook_delete',
  'webhook_test',
  'webhook_rotate_secret',
  'webhook_redeliver',
  'webhook_disabled',
  'approve',
  'reject',
  'withdraw',
  'paid',
  'failed',
  'money_settings',
] as const;

export const AUDIT_MESSAGES = {
  listed: 'Audit log fetched successfully.',
  badTime: 'Use a date (2025-01-31) or a date and time (2025-01-31T09:00:00Z).',
} as const;

/**
 * A calendar day (UTC) or an instant; `to` as a day takes in the whole day.
 * Anything before AD 1 in UTC is refused (`0000-02-29`, or
 * `0001-01-01T00:00:00+01:00`): PostgreSQL has no year 0 (1 BC follows AD 1).
 */
const timeSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: AUDIT_MESSAGES.badTime })
  .refine((value) => new Date(value).getUTCFullYear() >= 1, AUDIT_MESSAGES.badTime);

const auditEntrySchema = z.object({
  id: int(),
  /** Who acted; null for the server's own commands and failed sign-ins on no account. */
  admin: z.object({ id: int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  table_name: z.string(),
  record_id: int().nullable(),
  /**
   * For `users` records and `bank_details` (kept by the person's id): the
   * account's role (User, Driver, Company), so the screen can link it.
   */
  record_role: z.string().nullable(),
  /**
   * What the record is called: a person's name, a company's name, a plate, a
   * coupon's code, an FAQ's question, an administrator's name, a webhook's
   * address, a key's name; null for a trip (its id says it) or a record gone.
   */
  record_name: z.string().nullable(),
  /** The changed fields before and after, as written (objects, or null). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditLogQuerySchema = pageQuerySchema.extend({
  ...exportQuery,
  admin_id: optionalQuery(idSchema),
  action: optionalQuery(z.string().trim().max(64, 'action must be at most 64 characters.')),
  /** A table, or `passengers`, `drivers`, `companies` (AUDIT_PEOPLE_KINDS). */
  table: optionalQuery(z.string().trim().max(64, 'table must be at most 64 characters.')),
  from: optionalQuery(timeSchema),
  to: optionalQuery(timeSchema),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLog = area('Audit log', OWNER_ONLY).get('audit-log', {
  summary:
    "Every administrator action, newest first, paged; filtered by administrator, action, record kind (a table, or passengers, drivers, companies), the record's name (`search`) and time (`total_exact: false` past 10 pages ahead).",
  input: auditLogQuerySchema,
  data: pagedSchema(auditEntrySchema),
  export: 'audit-log',
});
