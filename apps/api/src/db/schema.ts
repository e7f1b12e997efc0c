import type { NotificationText } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model of SPEC.md section 3. Money is numeric(12,2); every
 * timestamp is timestamptz. Marketplace records are soft-deleted.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

export const roleEnum = pgEnum('role', ['User', 'Driver', 'Company']);
export const activeStatusEnum = pgEnum('active_status', ['Active', 'Inactive']);
export const approvalEnum = pgEnum('approval', ['Pending', 'Approved', 'Rejected']);
export const genderEnum = pgEnum('gender', ['Male', 'Female', 'Other']);
export const rideStatusEnum = pgEnum('ride_status', [
  'Pending',
  'Accept',
  'Start',
  'End',
  'Complete',
  'Cancel',
]);

// ---------------------------------------------------------------- admins

export const adminRoleEnum = pgEnum('admin_role', ['Owner', 'Operator', 'Support', 'Finance']);
export const adminStatusEnum = pgEnum('admin_status', ['Invited', 'Active', 'Inactive']);

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** null until an invitation is accepted. */
    passwordHash: text('password_hash'),
    /** No default: whoever creates an administrator decides (the migration made the existing ones Owners). */
    role: adminRoleEnum('role').notNull(),
    status: adminStatusEnum('status').notNull().default('Active'),
    /** The pending invitation's link, hashed; cleared when used, replaced or withdrawn. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    invitedBy: integer('invited_by').references((): AnyPgColumn => admins.id, {
      onDelete: 'set null',
    }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** TOTP (RFC 6238) secret in Base32 once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** The secret of an enrolment started (totp-setup) and not yet confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The kinds of notification this administrator muted (NOTIFICATION_KINDS). */
    mutedNotificationKinds: text('muted_notification_kinds')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admins_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('admins_invite_token_hash_key').on(t.inviteTokenHash),
  ],
);

/** Single-use codes that stand in for a lost authenticator, stored as SHA-256 hashes. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_admin_code_key').on(t.adminId, t.codeHash)],
);

/**
 * The second step of a two-factor sign-in: the password was right; a code
 * completes it. Short-lived, single use, a few tries; only the hash is stored.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    attempts: smallint('attempts').notNull().default(0),
    deviceToken: text('device_token'),
    deviceType: text('device_type'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceToken: text('device_token'),
    deviceType: text('device_type'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Until when this session may change its second factor (a step-up: password and code again). */
    stepUpUntil: timestamp('step_up_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admin_sessions_token_hash_key').on(t.tokenHash),
    index('admin_sessions_admin_id_idx').on(t.adminId),
  ],
);

/** One-time codes for password reset, stored hashed. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_email_idx').on(sql`lower(${t.email})`, t.createdAt)],
);

/** Proof of a verified code, exchanged once for a new password. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash)],
);

/** Fixed-window counters shared by every API instance; a row is deleted once its window ends. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Failed sign-ins per account over all clients, as a level that drains at a
 * fixed rate (modules/auth/login-limit.ts). One row per account and per
 * shared bucket of addresses that are no account.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  level: doublePrecision('level').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
});

/**
 * How long the next reset code of an address waits after codes that were
 * guessed at (modules/auth/otp.repository.ts). Keyed like login_throttles.
 */
export const otpWaits = pgTable('otp_waits', {
  key: text('key').primaryKey(),
  waitSeconds: integer('wait_seconds').notNull(),
  nextCodeAt: timestamp('next_code_at', { withTimezone: true }).notNull(),
  lastWrongAt: timestamp('last_wrong_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- lookups

export const serviceTypes = pgTable('service_types', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
});

export const vehicleTypes = pgTable('vehicle_types', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  seats: smallint('seats').notNull(),
});

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
  },
  (t) => [index('models_brand_id_idx').on(t.brandId)],
);

export const colors = pgTable('colors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

// ---------------------------------------------------------------- marketplace

/** The last approval decision on a company, driver or vehicle: why, when, by whom. */
const decision = () => ({
  approvalReason: text('approval_reason'),
  approvalDecidedAt: timestamp('approval_decided_at', { withTimezone: true }),
  approvalDecidedBy: integer('approval_decided_by').references(() => admins.id, {
    onDelete: 'set null',
  }),
});

/** Passengers (User), drivers (Driver) and transport companies (Company). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: roleEnum('role').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    profile: text('profile'),
    gender: genderEnum('gender'),
    dob: date('dob', { mode: 'string' }),
    status: activeStatusEnum('status').notNull().default('Active'),
    approval: approvalEnum('approval').notNull().default('Pending'),
    suspendStatus: smallint('suspend_status').notNull().default(0),
    companyName: text('company_name'),
    companyDoc: text('company_doc')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A driver's employer (a Company row). */
    companyId: integer('company_id').references((): AnyPgColumn => users.id),
    holdingDl: text('holding_dl'),
    dlFront: text('dl_front'),
    ...decision(),
    /** Why the server made it Inactive ("Document expired"); null when an administrator chose. */
    statusReason: text('status_reason'),
    /**
     * The marketplace's own id of a record that came in through the
     * integration API, the simulator's included (null: made at the desk or by the seed);
     * unique per role (decision 015).
     */
    externalId: text('external_id'),
    /** Everything a list search matches, lower-cased, for the trigram index. */
    search: text('search').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${users.name}, '') || ' ' || coalesce(${users.email}, '') || ' ' || coalesce(${users.phone}, '') || ' ' || coalesce(${users.companyName}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // all-users: every live account, newest first (page 1 and deep pages); each
    // role's list (passengers, drivers, companies). The search text last, which
    // never changes the order (the id is unique), so a search's walk reads the
    // index alone (migration 0020).
    index('users_created_idx')
      .on(t.createdAt, t.id, t.search)
      .where(sql`${t.deletedAt} is null`),
    index('users_role_created_idx')
      .on(t.role, t.createdAt, t.id, t.search)
      .where(sql`${t.deletedAt} is null`),
    index('users_company_created_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The review queue: Pending companies and drivers by role, oldest first.
    index('users_pending_idx')
      .on(t.role, t.createdAt, t.id)
      .where(sql`${t.approval} = 'Pending' and ${t.deletedAt} is null`),
    // Sorts of the lists of people (issue 18); names sort without regard to case.
    index('users_name_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('users_role_name_idx')
      .on(t.role, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('users_company_name_idx')
      .on(sql`lower(${t.companyName})`, t.id)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'Company'`),
    index('users_driver_dob_idx')
      .on(t.dob, t.id)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'Driver'`),
    index('users_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    // The drivers' and companies' own (issue 23): searched among 250,000 people, a
    // surname found in 2% of them ("mann") read 5,500 rows for 420 drivers.
    index('users_driver_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'Driver'`),
    index('users_company_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'Company'`),
    uniqueIndex('users_role_email_key')
      .on(t.role, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    // Deleted records keep theirs: the marketplace cannot bring one back by sending it again.
    uniqueIndex('users_role_external_id_key')
      .on(t.role, t.externalId)
      .where(sql`${t.externalId} is not null`),
    check('users_suspend_status_check', sql`${t.suspendStatus} in (0, 1)`),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id),
    licenseNumber: text('license_number').notNull(),
    approval: approvalEnum('approval').notNull().default('Pending'),
    ...decision(),
    /** Inactive when a document expired (the daily check); Active again once renewed. */
    status: activeStatusEnum('status').notNull().default('Active'),
    statusReason: text('status_reason'),
    registrationFront: text('registration_front'),
    registrationBack: text('registration_back'),
    insurance: text('insurance'),
    vehicleFront: text('vehicle_front'),
    vehicleBack: text('vehicle_back'),
    vehicleRight: text('vehicle_right'),
    vehicleLeft: text('vehicle_left'),
    /** The marketplace's own id, as the people's (decision 015). */
    externalId: text('external_id'),
    search: text('search').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // The vehicles newest first; the search text last, as the people's (migration 0020).
    index('vehicles_created_idx')
      .on(t.createdAt, t.id, t.search)
      .where(sql`${t.deletedAt} is null`),
    index('vehicles_company_created_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The review queue: Pending vehicles, oldest first.
    index('vehicles_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.approval} = 'Pending' and ${t.deletedAt} is null`),
    index('vehicles_service_type_created_idx')
      .on(t.serviceTypeId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('vehicles_vehicle_type_created_idx')
      .on(t.vehicleTypeId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('vehicles_plate_idx')
      .on(sql`lower(${t.licenseNumber})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('vehicles_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('vehicles_external_id_key')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/** A driver drives one vehicle of their company. */
export const driverVehicles = pgTable(
  'driver_vehicles',
  {
    driverId: integer('driver_id')
      .primaryKey()
      .references(() => users.id),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
  },
  (t) => [index('driver_vehicles_vehicle_id_idx').on(t.vehicleId)],
);

export const rides = pgTable(
  'rides',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    driverId: integer('driver_id').references(() => users.id),
    companyId: integer('company_id').references(() => users.id),
    vehicleId: integer('vehicle_id').references(() => vehicles.id),
    /**
     * The service type the passenger asked for (issue 45): what a Pending trip,
     * with no vehicle yet, shows. Null when the request named none.
     */
    serviceTypeId: integer('service_type_id').references(() => serviceTypes.id),
    amount: money('amount').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    dropAddress: text('drop_address').notNull(),
    /**
     * Where the trip starts and ends (issue 46), when the marketplace sent the
     * points with its events: the live map's pins and the "overdue for
     * distance" alert. Each pair is null together.
     */
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    dropLat: doublePrecision('drop_lat'),
    dropLng: doublePrecision('drop_lng'),
    rideStatus: rideStatusEnum('ride_status').notNull().default('Pending'),
    cancelReason: text('cancel_reason'),
    search: text('search').generatedAlwaysAs(
      (): SQL => sql`lower(${rides.pickupAddress} || ' ' || ${rides.dropAddress})`,
    ),
    /**
     * The `search` of the trip's passenger, driver and company (live, in those roles),
     * one per line, kept by triggers (migration 0015): an ordered walk of the
     * trips tests it beside the addresses, no people listed first.
     */
    peopleSearch: text('people_search').notNull().default(''),
    /**
     * The runs of digits of the addresses and people_search, one space between
     * them (`ride_digits()`), kept by the trigger that keeps people_search
     * (migrations 0016, 0018): a term of digits alone (a phone fragment) matches
     * a trip's text exactly where it matches these, which rides_created_idx
     * carries, so the walk for it reads that index alone.
     */
    digits: text('digits').notNull().default(''),
    /** The marketplace's id of a trip that came in through the integration API (decision 015). */
    externalId: text('external_id'),
    /**
     * The coupon's discount on this fare, borne by the platform (issue 48), as
     * the marketplace's trip events send it; 0 when none.
     */
    couponDiscount: money('coupon_discount').notNull().default('0'),
    /**
     * How the passenger pays (cash, card, ...), as the trip events send it; the
     * trip's payment's method when they send none. `cash` means the driver
     * collected the fare (issue 48).
     */
    paymentMethod: text('payment_method'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rides_external_id_key')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
    // The trips newest first; digits last, which never changes the order (the id
    // is unique), so a phone fragment's walk reads the index alone.
    index('rides_created_idx').on(t.createdAt, t.id, t.digits),
    // One account's trips, newest first; the status last, which never changes the
    // order, so a status filter reads the index alone: a company's cancelled trips
    // read 1,737 heap pages for 111 at a million trips. The same size (alignment),
    // and a status change is no HOT update anyway (rides_status_amount_idx).
    index('rides_user_created_idx').on(t.userId, t.createdAt, t.id, t.rideStatus),
    index('rides_driver_created_idx').on(t.driverId, t.createdAt, t.id, t.rideStatus),
    index('rides_company_created_idx').on(t.companyId, t.createdAt, t.id, t.rideStatus),
    // Sorts by price (issue 18): of all trips, and of one passenger's, driver's or company's.
    index('rides_amount_idx').on(t.amount, t.id),
    index('rides_user_amount_idx').on(t.userId, t.amount, t.id),
    index('rides_driver_amount_idx').on(t.driverId, t.amount, t.id),
    index('rides_company_amount_idx').on(t.companyId, t.amount, t.id),
    // A status sorted by price: live statuses are rare (a few hundred of a million trips).
    index('rides_status_amount_idx').on(t.rideStatus, t.amount, t.id),
    index('rides_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // The trips under way (issue 46): what the live check reads, a few hundred of a million.
    index('rides_live_idx')
      .on(t.createdAt)
      .where(sql`${t.rideStatus} in ('Pending', 'Accept', 'Start')`),
    check('rides_amount_check', sql`${t.amount} >= 0`),
    check('rides_coupon_discount_check', sql`${t.couponDiscount} >= 0`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    transactionId: text('transaction_id').notNull(),
    rideId: integer('ride_id').references(() => rides.id),
    amount: money('amount').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /**
     * The marketplace's id of a payment that came in through the integration
     * API (decision 015); its transaction_id is the same text.
     */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transactions_transaction_id_key').on(t.transactionId),
    uniqueIndex('transactions_external_id_key')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_amount_idx').on(t.amount, t.id),
    // A ride is paid once.
    uniqueIndex('transactions_ride_id_key').on(t.rideId),
  ],
);

/**
 * Every state change of a trip with its time (issue 44): the marketplace's
 * events through the integration API (`key_id`) and an administrator's
 * cancellation (`admin_id`). The trip's ride_status is its latest event's by
 * `at`; one event at one time is recorded once (the unique index).
 */
export const rideEvents = pgTable(
  'ride_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id),
    /** created, accepted, started, ended, completed, cancelled (TRIP_EVENTS). */
    event: text('event').notNull(),
    /** When it happened, as the marketplace (or the desk's clock) says. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The integration key that sent it. */
    keyId: integer('key_id').references(() => integrationKeys.id, { onDelete: 'set null' }),
    /** The administrator who made it (a cancellation at the desk). */
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** Why, for a cancellation. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // One event at one time once; the trip's events by time, latest first, read from it.
    uniqueIndex('ride_events_ride_at_event_key').on(t.rideId, t.at, t.event),
    check(
      'ride_events_event_check',
      sql`${t.event} in ('created', 'accepted', 'started', 'ended', 'completed', 'cancelled')`,
    ),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    couponCode: text('coupon_code').notNull(),
    discount: smallint('discount').notNull(),
    description: text('description').notNull(),
    suspendStatus: smallint('suspend_status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key')
      .on(sql`lower(${t.couponCode})`)
      .where(sql`${t.deletedAt} is null`),
    index('coupons_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('coupons_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('coupons_discount_idx')
      .on(t.discount, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('coupons_discount_check', sql`${t.discount} between 1 and 100`),
    check('coupons_suspend_status_check', sql`${t.suspendStatus} in (0, 1)`),
    // One case (capitals), so a code reads and exports the same everywhere (0033).
    check('coupons_code_upper_check', sql`${t.couponCode} = upper(${t.couponCode})`),
  ],
);

/** FAQ entries (`support-*` and the `supports` table value on the wire, SPEC 7). */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('faqs_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('faqs_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('faqs_question_idx')
      .on(sql`lower(${t.question})`, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    /** null: for every administrator. */
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The title and message as parts, for the screens to say in the reader's language; null for older rows. */
    text: jsonb('text').$type<NotificationText>(),
    link: text('link'),
    /** What it announces (NOTIFICATION_KINDS), which an administrator may mute; null before 0027. */
    kind: text('kind'),
    /** The administrator whose action it announces: never unread for them. */
    authorId: integer('author_id').references(() => admins.id, { onDelete: 'set null' }),
    /** When one API instance claimed the Web Push delivery (sent once, whatever the instances). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt, t.id)],
);

/**
 * An import's summary (issue 44): what its rows registered and how many it
 * rejected, over every request of the import (an import sent in parts
 * names itself with `import_id`), and its one notification. Each batch of
 * the import adds to it in the batch's own transaction.
 */
export const importSummaries = pgTable(
  'import_summaries',
  {
    /** Who imports: `key:<id>` (an integration key) or `admin:<id>` (an Owner at the desk). */
    source: text('source').notNull(),
    /** The import's id: the sender's `import_id`, or one made for a request without it. */
    importId: text('import_id').notNull(),
    companies: integer('companies').notNull().default(0),
    drivers: integer('drivers').notNull().default(0),
    passengers: integer('passengers').notNull().default(0),
    vehicles: integer('vehicles').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** Its notification, once the import has registered a record. */
    notificationId: integer('notification_id').references(() => notifications.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.importId] })],
);

/** Read state per administrator: a row means this admin has read that notification. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.notificationId] }),
    index('notification_reads_notification_idx').on(t.notificationId),
  ],
);

/**
 * Short-lived, single-use tickets that open a live notification stream
 * (EventSource cannot send a bearer header). Only the hash is stored.
 */
export const notificationStreamTickets = pgTable('notification_stream_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: integer('session_id')
    .notNull()
    .references(() => adminSessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * When a document of a company, driver (table users) or vehicle stops being
 * valid, and what the daily check did about it. A document of an Approved
 * record whose date nobody entered has a row without a date; a document never
 * approved has none. The images stay in the owner's SPEC columns.
 */
export const documentExpiries = pgTable(
  'document_expiries',
  {
    /** The owner's table on the wire: users or vehicles. */
    tableName: text('table_name').notNull(),
    recordId: integer('record_id').notNull(),
    /** An expiring document kind of the contract (driver_licence, insurance, ...). */
    document: text('document').notNull(),
    /**
     * The day it stops being valid; null: the record was approved without it
     * ("date missing" in the expiring documents until someone enters it).
     */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The last reminder sent for this date: 30, 7 or 1 days before; null: none yet. */
    remindedDays: smallint('reminded_days'),
    /** When the daily check found it expired (and made its owner Inactive); null: not yet. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tableName, t.recordId, t.document] }),
    index('document_expiries_expires_idx').on(t.expiresOn, t.tableName, t.recordId),
    check('document_expiries_table_check', sql`${t.tableName} in ('users', 'vehicles')`),
    check('document_expiries_reminded_check', sql`${t.remindedDays} in (30, 7, 1)`),
  ],
);

/** Internal notes of administrators on a passenger, driver, company, vehicle or trip. */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    /** users, vehicles or rides (the wire's table names). */
    tableName: text('table_name').notNull(),
    recordId: integer('record_id').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notes_record_idx').on(t.tableName, t.recordId, t.createdAt, t.id),
    check('notes_table_check', sql`${t.tableName} in ('users', 'vehicles', 'rides')`),
  ],
);

/** Who did what to which record, before and after; written with the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    recordId: integer('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Why, when the administrator said (a cancelled trip's reason). */
    reason: text('reason'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.tableName, t.recordId),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    // The audit screen's filters, each read newest first (a backward scan).
    index('audit_log_admin_idx').on(t.adminId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_table_idx').on(t.tableName, t.createdAt, t.id),
  ],
);

// ---------------------------------------------------------------- integration

/**
 * Keys of the integration API (Settings -> Integrations): the marketplace's
 * backend sends one as its bearer token. Only the SHA-256 of the key is
 * stored, and its first characters to tell keys apart.
 */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Kept to the minute at most: not a write per request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('integration_keys_key_hash_key').on(t.keyHash)],
);

/**
 * The answers of the integration API's writes by Idempotency-Key, per
 * integration key: the same key and request answer the stored answer and
 * write nothing again. The row is written in the transaction of the change,
 * so a change and its answer are kept together or not at all.
 */
export const integrationRequests = pgTable(
  'integration_requests',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => integrationKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the call's path and its validated input. */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.idempotencyKey] }),
    index('integration_requests_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- counters
// Kept exact by statement-level triggers (see the counters migration), so no
// screen counts a million rows per request.

export const userCounts = pgTable(
  'user_counts',
  {
    role: roleEnum('role').notNull(),
    status: activeStatusEnum('status').notNull(),
    approval: approvalEnum('approval').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.status, t.approval] })],
);

export const vehicleCounts = pgTable('vehicle_counts', {
  approval: approvalEnum('approval').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

export const rideCounts = pgTable('ride_counts', {
  rideStatus: rideStatusEnum('ride_status').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  amount: numeric('amount', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
});

/** Rides per UTC day of creation and status: the dashboard's trend without scanning rides. */
export const rideDaily = pgTable(
  'ride_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    rideStatus: rideStatusEnum('ride_status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.rideStatus] })],
);

/**
 * Payments per UTC day of the payment and method: the sales total of a date
 * range without summing every payment (modules/sales).
 */
export const transactionDaily = pgTable(
  'transaction_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.paymentMethod] })],
);

/**
 * Per company, driver or passenger: what their detail page and list rows show.
 * `role` is the account's (it never changes), so each role's list can sort by
 * these totals from an index.
 */
export const userStats = pgTable(
  'user_stats',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    role: roleEnum('role').notNull(),
    rideCount: integer('ride_count').notNull().default(0),
    /** Rides of this account that reached Complete. */
    completedCount: integer('completed_count').notNull().default(0),
    revenue: numeric('revenue', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
    totalDriver: integer('total_driver').notNull().default(0),
    totalVehicle: integer('total_vehicle').notNull().default(0),
  },
  (t) => [
    index('user_stats_role_rides_idx').on(t.role, t.rideCount, t.userId),
    index('user_stats_company_vehicles_idx')
      .on(t.totalVehicle, t.userId)
      .where(sql`${t.role} = 'Company'`),
    index('user_stats_company_drivers_idx')
      .on(t.totalDriver, t.userId)
      .where(sql`${t.role} = 'Company'`),
  ],
);

export const tableCounts = pgTable('table_counts', {
  tableName: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

export const flags = pgTable('app_flags', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * An administrator's saved view of a list (issue 21): a name and the list's
 * URL query string. One name per administrator and list (saving it again
 * replaces the query).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** One of the web's list routes (VIEW_LISTS). */
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_views_admin_list_name_idx').on(t.adminId, t.list, t.name)],
);

// ---------------------------------------------------------------- webhooks (issue 44)

/**
 * The outbox: every event the marketplace must learn (a decision, a status, a
 * deletion, a cancellation, a coupon or FAQ change, a document's expiry),
 * written in the transaction of the change (lib/outbox.ts), so a crash loses
 * none. The id only grows: the integration API's feed (`GET events?after=`)
 * pages by it, reading only what every older transaction has committed
 * (`txid` below the snapshot's xmin), so a slow transaction's lower id is
 * never skipped.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `approval.decided`, `status.changed`, ... (WEBHOOK_EVENT_TYPES), or `webhook.test`. */
    type: text('type').notNull(),
    /** `users:12`, `rides:7`: deliveries of one record go out in order. */
    recordKey: text('record_key').notNull(),
    /** The body's `data`. */
    data: jsonb('data').notNull(),
    /** The writing transaction, for the feed (see above). */
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`pg_current_xact_id()::text::bigint`),
    /** A test event goes to this endpoint only, and never to the feed. */
    webhookId: integer('webhook_id').references((): AnyPgColumn => webhooks.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_created_idx').on(t.createdAt),
    // The integration API's feed (`GET events`) walks the marketplace's events in this order.
    index('webhook_events_feed_idx')
      .on(t.txid, t.id)
      .where(sql`${t.webhookId} is null`),
  ],
);

/** Webhook endpoints, registered by an Owner. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** The event types it wants. */
  events: text('events').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** `whsec_...`: it signs every delivery, so it is kept as it is, like the upload signing key. */
  secret: text('secret').notNull(),
  /** The secret before the last rotation, which signs too until `previous_secret_until`. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  /** The first failed attempt since the last success: a day of failures disables the endpoint. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  /** Why the deliverer disabled it (null when an Owner did, or it is enabled). */
  disabledReason: text('disabled_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One event for one endpoint: what is due, and how its last attempt went. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** The event's record: an earlier pending delivery of the same record goes first. */
    recordKey: text('record_key').notNull(),
    /** pending (due at next_attempt_at), delivered, failed (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due then; while an instance sends it, pushed on by the lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pending', 'delivered', 'failed')`,
    ),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_record_idx')
      .on(t.webhookId, t.recordKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_status_idx').on(t.status, t.id),
  ],
);

/** Every attempt of a delivery, as it went. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The answer's HTTP status; null when none came (refused, timed out). */
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The start of the answer's body, as text (WEBHOOK_EXCERPT_CHARS at most); null when none came. */
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

/**
 * Each driver's latest position as the marketplace reported it (issue 46):
 * what the live map draws. A fix older than the one kept changes nothing.
 */
export const driverPositions = pgTable(
  'driver_positions',
  {
    driverId: integer('driver_id')
      .primaryKey()
      .references(() => users.id),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Degrees clockwise from north, when the device knows it. */
    heading: real('heading'),
    /** Metres a second, when the device knows it. */
    speed: real('speed'),
    /** offline, available or on_trip (POSITION_STATES). */
    state: text('state').notNull(),
    /** When the fix was taken, as the marketplace says. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /**
     * When Cabdesk wrote it: each API instance reads the positions changed
     * since its last look, once a second, for its live map streams (stream.ts).
     */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('driver_positions_state_check', sql`${t.state} in ('offline', 'available', 'on_trip')`),
    index('driver_positions_received_idx').on(t.receivedAt),
  ],
);

/**
 * The fixes of a trip in progress (a driver `on_trip` while it is Accepted or
 * Started), until the trip ends and they become its route in ride_routes.
 */
export const rideRoutePoints = pgTable(
  'ride_route_points',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rideId, t.at] })],
);

/**
 * A finished trip's route, thinned to what draws it and stored compactly:
 * `path` is the Encoded Polyline of its points, `seconds` each point's time
 * after `started_at`.
 */
export const rideRoutes = pgTable('ride_routes', {
  rideId: integer('ride_id')
    .primaryKey()
    .references(() => rides.id),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  path: text('path').notNull(),
  seconds: integer('seconds').array().notNull(),
});

/**
 * What is going wrong now (issue 46): a trip waiting for a driver too long,
 * or a driver on a trip whose position went quiet. One row per episode: it
 * opens once, and a new one opens only after it was resolved.
 */
export const liveAlerts = pgTable(
  'live_alerts',
  {
    id: serial('id').primaryKey(),
    /** waiting, silent or overdue (LIVE_ALERT_KINDS). */
    kind: text('kind').notNull(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('live_alerts_open_key')
      .on(t.kind, t.rideId)
      .where(sql`${t.resolvedAt} is null`),
    check('live_alerts_kind_check', sql`${t.kind} in ('waiting', 'silent', 'overdue')`),
  ],
);

// ---------------------------------------------------------------- money (issue 48)

/**
 * The platform's commission on a service type's trips, from a day on (UTC),
 * for every company or, with company_id, one company's override. A rule is
 * never edited: a later `starts_on` supersedes it; one key and day is one
 * rule (saving another is 409). `company_percent` is the company's part of
 * the fare when the trip has a company and a driver; the driver has the rest.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    companyId: integer('company_id').references(() => users.id),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    companyPercent: numeric('company_percent', { precision: 5, scale: 2, mode: 'string' })
      .notNull()
      .default('0'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commission_rules_key').on(
      t.serviceTypeId,
      sql`coalesce(${t.companyId}, 0)`,
      t.startsOn,
    ),
    check(
      'commission_rules_percent_check',
      sql`${t.percent} between 0 and 100 and ${t.companyPercent} between 0 and 100
          and ${t.percent} + ${t.companyPercent} <= 100`,
    ),
  ],
);

/**
 * A set of ledger entries: one movement of money (a trip's split, a refund,
 * an adjustment, a payout), written once in its cause's transaction; its
 * entries sum to zero (the deferred trigger of migration 0039).
 */
export const ledgerSets = pgTable(
  'ledger_sets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** ride_split, refund, adjustment or payout (LEDGER_CAUSES). */
    cause: text('cause').notNull(),
    /** The cause's row: the trip of a ride_split. */
    causeId: bigint('cause_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_sets_cause_idx').on(t.cause, t.causeId),
    check(
      'ledger_sets_cause_check',
      sql`${t.cause} in ('ride_split', 'refund', 'adjustment', 'payout')`,
    ),
  ],
);

/**
 * The double-entry ledger (issue 48): signed amounts, debit positive and
 * credit negative, never updated or deleted (triggers refuse it). The
 * accounts of parties (a company's or a driver's balance, the cash a driver
 * holds) name the party in party_id; the platform's have none.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    setId: bigint('set_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerSets.id),
    /** LEDGER_ACCOUNTS. */
    account: text('account').notNull(),
    partyId: integer('party_id').references(() => users.id),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_set_idx').on(t.setId),
    // A party's entries by time: balances, and the statements to come.
    index('ledger_entries_party_idx')
      .on(t.partyId, t.account, t.createdAt)
      .where(sql`${t.partyId} is not null`),
    check(
      'ledger_entries_account_check',
      sql`(${t.account} in ('platform_receipts', 'platform_revenue', 'platform_coupons', 'payouts_in_transit', 'platform_paid_out') and ${t.partyId} is null)
          or (${t.account} in ('company', 'driver', 'driver_cash') and ${t.partyId} is not null)`,
    ),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * A completed trip's split, computed once when it completes from the rule
 * in force then (none: 0%): platform_commission + company_share +
 * driver_share = gross; the passenger paid gross - coupon_discount, the
 * platform bearing the coupon. set_id is its ledger set.
 */
export const rideSplits = pgTable(
  'ride_splits',
  {
    rideId: integer('ride_id')
      .primaryKey()
      .references(() => rides.id),
    ruleId: integer('rule_id').references(() => commissionRules.id),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    companyPercent: numeric('company_percent', {
      precision: 5,
      scale: 2,
      mode: 'string',
    }).notNull(),
    gross: money('gross').notNull(),
    couponDiscount: money('coupon_discount').notNull(),
    platformCommission: money('platform_commission').notNull(),
    companyShare: money('company_share').notNull(),
    driverShare: money('driver_share').notNull(),
    cashCollected: boolean('cash_collected').notNull(),
    companyId: integer('company_id').references(() => users.id),
    driverId: integer('driver_id').references(() => users.id),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    setId: bigint('set_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerSets.id),
    createdAt: createdAt(),
  },
  (t) => [
    // A company's and a driver's trips by completion: statements (migration 0042).
    index('ride_splits_company_idx')
      .on(t.companyId, t.completedAt)
      .where(sql`${t.companyId} is not null`),
    index('ride_splits_driver_idx')
      .on(t.driverId, t.completedAt)
      .where(sql`${t.driverId} is not null`),
    check(
      'ride_splits_sum_check',
      sql`${t.platformCommission} + ${t.companyShare} + ${t.driverShare} = ${t.gross}
          and ${t.couponDiscount} between 0 and ${t.gross}`,
    ),
  ],
);

// ---------------------------------------------------------------- payouts (issue 48)

/**
 * A company's or driver's bank account for payouts: IBAN and BIC checked
 * (ibantools) when saved, in electronic format (no spaces, upper case).
 * Arrives with the person through the integration API or is entered by
 * Finance (`bank-details-save`); only Owners and Finance read it unmasked.
 */
export const bankDetails = pgTable('bank_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  iban: text('iban').notNull(),
  bic: text('bic').notNull(),
  holder: text('holder').notNull(),
  /** Who saved it last: null when it came through the integration API. */
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payout batch: drafted from the balances as of `period_end` (its items),
 * approved by a second administrator (the ledger's set moves what it pays to
 * `payouts_in_transit`), exported as a bank file, then paid (settled) or
 * failed (reversed). A new draft discards the open one: one draft at a time.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: serial('id').primaryKey(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** PAYOUT_STATUSES. */
    status: text('status').notNull().default('draft'),
    /** The least balance paid out, and the sum of what the batch pays. */
    minimum: money('minimum').notNull(),
    total: money('total').notNull(),
    draftedBy: integer('drafted_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    approvedBy: integer('approved_by').references(() => admins.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    markedBy: integer('marked_by').references(() => admins.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /** The bank's reference of a paid batch; why it failed, when given. */
    reference: text('reference'),
  },
  (t) => [
    uniqueIndex('payout_batches_one_draft')
      .on(t.status)
      .where(sql`${t.status} = 'draft'`),
    check(
      'payout_batches_status_check',
      sql`${t.status} in ('draft', 'discarded', 'approved', 'exported', 'paid', 'failed')`,
    ),
  ],
);

/**
 * A refund of a trip or an adjustment of a company's or driver's balance
 * (issue 48): one id space for `money-approve`. Above the approval threshold
 * an Owner set it waits (`pending`) for a second Owner or Finance
 * administrator; its ledger set is written when it is approved (set_id).
 */
export const moneyRequests = pgTable(
  'money_requests',
  {
    id: serial('id').primaryKey(),
    /** MONEY_REQUEST_KINDS: refund, adjustment. */
    kind: text('kind').notNull(),
    /** MONEY_REQUEST_STATUSES: pending, approved, rejected (by a second administrator), withdrawn (by its maker). */
    status: text('status').notNull(),
    /** The trip a refund gives money back for. */
    rideId: integer('ride_id').references(() => rides.id),
    /** The company or driver of an adjustment. */
    partyId: integer('party_id').references(() => users.id),
    /** A refund: > 0. An adjustment: signed, positive = the platform owes the party more. */
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    /** The approval threshold when it was made: above it, a second administrator approves. */
    threshold: money('threshold').notNull(),
    makerId: integer('maker_id')
      .notNull()
      .references(() => admins.id),
    approverId: integer('approver_id').references(() => admins.id),
    setId: bigint('set_id', { mode: 'number' }).references(() => ledgerSets.id),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Who rejected or withdrew it (a second administrator, or its maker), when, and why. */
    decidedBy: integer('decided_by').references(() => admins.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('money_requests_ride_idx')
      .on(t.rideId)
      .where(sql`${t.rideId} is not null`),
    index('money_requests_status_idx').on(t.status, t.createdAt),
    // The dashboard's refunds per day.
    index('money_requests_approved_idx')
      .on(t.approvedAt)
      .where(sql`${t.status} = 'approved'`),
    check(
      'money_requests_kind_check',
      sql`(${t.kind} = 'refund' and ${t.rideId} is not null and ${t.partyId} is null and ${t.amount} > 0)
          or (${t.kind} = 'adjustment' and ${t.partyId} is not null and ${t.rideId} is null and ${t.amount} <> 0)`,
    ),
    check(
      'money_requests_status_check',
      sql`(${t.status} = 'pending' and ${t.approverId} is null and ${t.setId} is null and ${t.approvedAt} is null
            and ${t.decidedBy} is null and ${t.decidedAt} is null)
          or (${t.status} = 'approved' and ${t.setId} is not null and ${t.approvedAt} is not null)
          or (${t.status} = 'rejected' and ${t.approverId} is null and ${t.setId} is null and ${t.approvedAt} is null
              and ${t.decidedBy} is not null and ${t.decidedAt} is not null and ${t.decisionReason} is not null)
          or (${t.status} = 'withdrawn' and ${t.approverId} is null and ${t.setId} is null and ${t.approvedAt} is null
              and ${t.decidedBy} is not null and ${t.decidedAt} is not null)`,
    ),
  ],
);

/**
 * A party of a batch: `pay` (owed at least the minimum, with bank details,
 * copied here when drafted so the approved file never changes), `blocked`
 * (owed, without bank details) or `owing` (owes the platform).
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    partyId: integer('party_id')
      .notNull()
      .references(() => users.id),
    /** pay, blocked or owing. */
    state: text('state').notNull(),
    /** The balance as of the period's end: what is paid (pay), owed (blocked) or owed to the platform (owing, negative). */
    amount: money('amount').notNull(),
    iban: text('iban'),
    bic: text('bic'),
    holder: text('holder'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.partyId] }),
    check('payout_items_state_check', sql`${t.state} in ('pay', 'blocked', 'owing')`),
  ],
);

/**
 * Each party's balance per account, kept by a trigger on ledger_entries
 * (migration 0041) so the Finance dashboard's outstanding balances read one
 * row per party and account, not every entry.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    partyId: integer('party_id')
      .notNull()
      .references(() => users.id),
    /** A party's account: company, driver, driver_cash. */
    account: text('account').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.account] })],
);

/**
 * The splits of each UTC day their trips completed, summed: kept by a
 * trigger on ride_splits (migration 0041) for the Finance dashboard's days,
 * which then read 30 rows whatever the number of trips.
 */
export const moneyDaily = pgTable('money_daily', {
  day: date('day').primaryKey(),
  gross: numeric('gross', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
  coupons: numeric('coupons', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
  commission: numeric('commission', { precision: 16, scale: 2, mode: 'string' })
    .notNull()
    .default('0'),
});
// ---------------------------------------------------------------- cases (issue 49)

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A trip's rating by its passenger (of the driver) or its driver (of the
 * passenger): one per trip and side, a later `at` replacing an earlier.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id),
    /** passenger (rates the driver) or driver (rates the passenger). */
    by: text('by').notNull(),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    /** Who is rated: the trip's driver (by passenger) or passenger (by driver). */
    ratedId: integer('rated_id').references(() => users.id),
    at: ts('at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_ride_by_key').on(t.rideId, t.by),
    // A person's ratings, newest first: a driver's last N trips.
    index('ratings_rated_idx').on(t.ratedId, t.by, t.at),
    check('ratings_by_check', sql`${t.by} in ('passenger', 'driver')`),
    check('ratings_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);

/**
 * A driver's ratings by passengers, kept by the writes that change them (the
 * driver list sorts on the average): how many of each star.
 */
export const driverRatings = pgTable(
  'driver_ratings',
  {
    driverId: integer('driver_id')
      .primaryKey()
      .references(() => users.id),
    count: integer('count').notNull().default(0),
    sum: integer('sum').notNull().default(0),
    stars1: integer('stars_1').notNull().default(0),
    stars2: integer('stars_2').notNull().default(0),
    stars3: integer('stars_3').notNull().default(0),
    stars4: integer('stars_4').notNull().default(0),
    stars5: integer('stars_5').notNull().default(0),
    /** sum / count, two decimals; null without ratings (the sort's key). */
    average: numeric('average', { precision: 3, scale: 2, mode: 'string' }),
  },
  (t) => [index('driver_ratings_average_idx').on(t.average, t.driverId)],
);

/**
 * A type's deadlines to acknowledge and to resolve, in minutes, as an Owner
 * set them; a type without a row has its documented default
 * (CASE_DEADLINE_DEFAULTS).
 */
export const caseDeadlines = pgTable(
  'case_deadlines',
  {
    type: text('type').primaryKey(),
    acknowledgeMinutes: integer('acknowledge_minutes').notNull(),
    resolveMinutes: integer('resolve_minutes').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'case_deadlines_minutes_check',
      sql`${t.acknowledgeMinutes} > 0 and ${t.resolveMinutes} > ${t.acknowledgeMinutes}`,
    ),
  ],
);

/**
 * An SOS, a complaint or a low rating, worked at the desk (issue 49). It
 * carries its deadlines from when it reached the desk; `due_at` is the next
 * one while open (to acknowledge while New, else to resolve), null once
 * closed: the desk's order. `escalated_at` is set once, by the conditional
 * update that escalates an unacknowledged SOS.
 */
export const cases = pgTable(
  'cases',
  {
    id: serial('id').primaryKey(),
    /** The marketplace's id of an SOS or complaint; null for a case a rating opened. */
    externalId: text('external_id'),
    /** sos, complaint or rating (CASE_KINDS). */
    kind: text('kind').notNull(),
    complaintType: text('complaint_type'),
    status: text('status').notNull().default('New'),
    rideId: integer('ride_id').references(() => rides.id),
    driverId: integer('driver_id').references(() => users.id),
    passengerId: integer('passenger_id').references(() => users.id),
    /** passenger or driver: who reported it. */
    reportedBy: text('reported_by'),
    ratingId: integer('rating_id').references(() => ratings.id),
    text: text('text'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    reportedAt: ts('reported_at').notNull(),
    acknowledgeDueAt: ts('acknowledge_due_at').notNull(),
    resolveDueAt: ts('resolve_due_at').notNull(),
    dueAt: ts('due_at'),
    acknowledgedAt: ts('acknowledged_at'),
    closedAt: ts('closed_at'),
    escalatedAt: ts('escalated_at'),
    assigneeId: integer('assignee_id').references(() => admins.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cases_external_id_key')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('cases_rating_key')
      .on(t.ratingId)
      .where(sql`${t.ratingId} is not null`),
    // The desk's order: open SOS first, then by the next deadline, closed last.
    index('cases_desk_idx').on(
      sql`(${t.kind} = 'sos' and ${t.dueAt} is not null) desc`,
      t.dueAt,
      t.id,
    ),
    index('cases_open_idx')
      .on(t.kind)
      .where(sql`${t.dueAt} is not null`),
    // The escalation check's: New SOS by their deadline to acknowledge.
    index('cases_escalation_idx')
      .on(t.acknowledgeDueAt)
      .where(sql`${t.kind} = 'sos' and ${t.status} = 'New' and ${t.escalatedAt} is null`),
    index('cases_assignee_idx').on(t.assigneeId),
    index('cases_driver_idx').on(t.driverId, t.createdAt),
    index('cases_passenger_idx').on(t.passengerId, t.createdAt),
    check('cases_kind_check', sql`${t.kind} in ('sos', 'complaint', 'rating')`),
    check(
      'cases_status_check',
      sql`${t.status} in ('New', 'Acknowledged', 'In progress', 'Resolved', 'False alarm')`,
    ),
    check(
      'cases_outcome_check',
      sql`${t.outcome} in ('no_action', 'warning', 'driver_deactivated', 'refund')`,
    ),
    check('cases_reported_by_check', sql`${t.reportedBy} in ('passenger', 'driver')`),
  ],
);

/** A case's activity log: notes, calls, and every change, who (null: Cabdesk) and when. */
export const caseActivities = pgTable(
  'case_activities',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    /** CASE_ACTIVITY_KINDS. */
    kind: text('kind').notNull(),
    text: text('text'),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('case_activities_case_idx').on(t.caseId, t.id)],
);
