import { z } from 'zod';
import { envelopeSchema, idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';

/**
 * The marketplace directory (issue 4): users, companies, drivers, vehicles and
 * their rides, and the three record mutations (status-update, approval-user,
 * delete-data). Wire names are SPEC 3's, snake_case.
 *
 * Conventions of every item below:
 * - `created_at` is an ISO 8601 UTC timestamp (`2024-03-05T09:12:00.000Z`);
 *   `dob` is a calendar date `YYYY-MM-DD`.
 * - Images are URLs served by the API (`/uploads/<path>`), or null when absent.
 * - Money is a number of dollars with cents (`12.5` is $12.50).
 * - Soft-deleted users and vehicles appear in no list and no detail (404);
 *   what points at them keeps showing them: a ride still shows a deleted
 *   driver's name, a vehicle or driver still shows its deleted company.
 */

// ---------------------------------------------------------------- vocabularies

export const USER_TYPES = ['User', 'Driver', 'Company'] as const;
export const userTypeSchema = z.enum(USER_TYPES, {
  error: 'user_type must be User, Company or Driver.',
});
export type UserType = z.infer<typeof userTypeSchema>;

export const ACTIVE_STATUSES = ['Active', 'Inactive'] as const;
export const activeStatusSchema = z.enum(ACTIVE_STATUSES, {
  error: 'status must be Active or Inactive.',
});
export type ActiveStatus = z.infer<typeof activeStatusSchema>;

export const APPROVALS = ['Pending', 'Approved', 'Rejected'] as const;
export const approvalSchema = z.enum(APPROVALS, {
  error: 'approval must be Pending, Approved or Rejected.',
});
export type Approval = z.infer<typeof approvalSchema>;

/** What an administrator decides about a Pending record. */
export const approvalDecisionSchema = z.enum(['Approved', 'Rejected'], {
  error: 'approval must be Approved or Rejected.',
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

export const RIDE_STATUSES = ['Pending', 'Accept', 'Start', 'End', 'Complete', 'Cancel'] as const;
export const rideStatusSchema = z.enum(RIDE_STATUSES);
export type RideStatus = z.infer<typeof rideStatusSchema>;

/** SPEC 4: how each ride status is shown on a badge. */
export const RIDE_STATUS_LABELS: Record<RideStatus, string> = {
  Pending: 'Pending',
  Accept: 'Accepted',
  Start: 'Start',
  End: 'End',
  Complete: 'Completed',
  Cancel: 'Cancelled',
};

/**
 * An uploaded image: a signed URL `/uploads/<path>?exp=<unix seconds>&sig=<HMAC>`
 * that loads for at least an hour, or null when none was uploaded.
 */
export const imageUrlSchema = z.string().nullable();

const int = () => z.number().int();

// ---------------------------------------------------------------- users

/** A driver's employer, as shown beside the driver. */
export const companyRefSchema = z.object({
  id: int(),
  company_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type CompanyRef = z.infer<typeof companyRefSchema>;

/**
 * One row of user-list, all-users and driver-list, for every role.
 * - total_vehicle, total_driver: a company's live (not deleted) vehicles and
 *   drivers; 0 for other roles.
 * - driver_rides_count: rides of this account in its role (a passenger's
 *   trips, a driver's trips, a company's trips).
 * - company: the employer of a driver; null for other roles or when none.
 */
export const userListItemSchema = z.object({
  id: int(),
  user_type: userTypeSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile: imageUrlSchema,
  gender: genderSchema.nullable(),
  dob: z.string().nullable(),
  created_at: z.string(),
  status: activeStatusSchema,
  approval: approvalSchema,
  suspend_status: int(),
  company_name: z.string().nullable(),
  total_vehicle: int(),
  total_driver: int(),
  driver_rides_count: int(),
  company: companyRefSchema.nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * user-detail: a list item plus documents and figures (SPEC 3).
 * - company_doc: a company's documents (URLs); [] for other roles.
 * - holding_dl, dl_front: a driver's licence photos (URLs) or null.
 * - overall_driver, overall_vehicle: the same figures as total_driver and
 *   total_vehicle (the company detail cards).
 * - completed_rides: how many of this account's rides reached Complete.
 * - today_revenue: amount of this account's completed rides created today (UTC);
 *   overall_revenue: of all its completed rides. Both 0 when none.
 */
export const userDetailSchema = userListItemSchema.extend({
  company_doc: z.array(z.string()),
  holding_dl: imageUrlSchema,
  dl_front: imageUrlSchema,
  overall_driver: int(),
  overall_vehicle: int(),
  completed_rides: int(),
  today_revenue: z.number(),
  overall_revenue: z.number(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Filters of the lists of people: blank means "any" (SPEC sends `status=` empty). */
const personFilters = {
  status: optionalQuery(activeStatusSchema),
  approval: optionalQuery(approvalSchema),
};

/** GET user-list: people of one role, newest first. */
export const userListQuerySchema = pageQuerySchema.extend({
  user_type: userTypeSchema,
  ...personFilters,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/**
 * GET all-users: every marketplace account that is not deleted, of any role
 * (User, Driver, Company), newest first; same items as user-list (`user_type`
 * tells the role). Search and paging like user-list; status and approval filter
 * too.
 */
export const allUsersQuerySchema = pageQuerySchema.extend(personFilters);
export type AllUsersQuery = z.input<typeof allUsersQuerySchema>;

/** GET user-detail: one account of any role (404 when missing or deleted). */
export const userDetailQuerySchema = z.object({ user_id: idSchema });
export type UserDetailQuery = z.input<typeof userDetailQuerySchema>;

/**
 * GET driver-list: the drivers of one company, newest first (404 when the
 * company is missing or deleted). Without company_id: every driver, like
 * `user-list?user_type=Driver`.
 */
export const driverListQuerySchema = pageQuerySchema.extend({
  company_id: optionalQuery(idSchema),
  ...personFilters,
});
export type DriverListQuery = z.input<typeof driverListQuerySchema>;

export const userListResponseSchema = envelopeSchema(pagedSchema(userListItemSchema));
export const userDetailResponseSchema = envelopeSchema(userDetailSchema);

// ---------------------------------------------------------------- vehicles

export const vehicleCompanySchema = z.object({
  id: int(),
  company_name: z.string().nullable(),
  /** The owner's name. */
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
});

/** One vehicle, in vehicle-list and vehicle-detail alike (SPEC 3). */
export const vehicleSchema = z.object({
  id: int(),
  license_number: z.string(),
  approval: approvalSchema,
  created_at: z.string(),
  service_type_data: z.object({ id: int(), title: z.string() }),
  vehicle_type_data: z.object({ id: int(), title: z.string(), seats: int() }),
  brand_name: z.object({ id: int(), name: z.string() }),
  model_name: z.object({ id: int(), name: z.string() }),
  color_name: z.object({ id: int(), name: z.string() }),
  company_data: vehicleCompanySchema,
  registration_front: imageUrlSchema,
  registration_back: imageUrlSchema,
  insurance: imageUrlSchema,
  vehicle_front: imageUrlSchema,
  vehicle_back: imageUrlSchema,
  vehicle_right: imageUrlSchema,
  vehicle_left: imageUrlSchema,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/**
 * GET vehicle-list: vehicles newest first, of one company when company_id is
 * given (404 when that company is missing or deleted). Search matches plate,
 * company name, owner, brand, model, service and vehicle type. Vehicles have
 * no active status; `approval` filters.
 */
export const vehicleListQuerySchema = pageQuerySchema.extend({
  company_id: optionalQuery(idSchema),
  approval: optionalQuery(approvalSchema),
});
export type VehicleListQuery = z.input<typeof vehicleListQuerySchema>;

/** GET vehicle-detail (404 when missing or deleted). */
export const vehicleDetailQuerySchema = z.object({ vehicle_id: idSchema });
export type VehicleDetailQuery = z.input<typeof vehicleDetailQuerySchema>;

export const vehicleListResponseSchema = envelopeSchema(pagedSchema(vehicleSchema));
export const vehicleDetailResponseSchema = envelopeSchema(vehicleSchema);

// ---------------------------------------------------------------- rides

export const personRefSchema = z.object({
  id: int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/** The vehicle the ride was driven with. */
export const rideVehicleSchema = z.object({
  id: int(),
  license_number: z.string(),
  service_type_data: z.object({ title: z.string() }),
  vehicle_type_data: z.object({ title: z.string() }),
});

export const rideDriverSchema = personRefSchema.extend({
  /** null when the ride records no vehicle. */
  vehicle: rideVehicleSchema.nullable(),
});

export const rideCompanySchema = z.object({
  id: int(),
  name: z.string(),
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
});

/** One trip (SPEC 3). driver and company are null until the ride has them. */
export const rideSchema = z.object({
  id: int(),
  amount: z.number(),
  pickup_address: z.string(),
  drop_address: z.string(),
  created_at: z.string(),
  ride_status: rideStatusSchema,
  user: personRefSchema,
  driver: rideDriverSchema.nullable(),
  company: rideCompanySchema.nullable(),
});
export type Ride = z.infer<typeof rideSchema>;

/**
 * GET ride-list: trips newest first.
 * - user_id (optional) scopes to one account by its role: a passenger (User)
 *   matches rides.user_id, a Driver rides.driver_id, a Company
 *   rides.company_id. 404 when that account is missing or deleted.
 * - search matches pick-up and drop-off addresses, and the name, email or
 *   phone of the passenger, the driver or the company.
 */
export const rideListQuerySchema = pageQuerySchema.extend({
  user_id: optionalQuery(idSchema),
});
export type RideListQuery = z.input<typeof rideListQuerySchema>;

export const rideListResponseSchema = envelopeSchema(pagedSchema(rideSchema));

// ---------------------------------------------------------------- mutations

/** POST status-update: Active/Inactive of a user, driver or company. */
export const statusUpdateBodySchema = z.object({
  id: idSchema,
  table: z.enum(['users'], { error: 'table must be users.' }),
  status: activeStatusSchema,
});
export type StatusUpdateBody = z.input<typeof statusUpdateBodySchema>;

/** POST approval-user: decide a Pending company, driver (users) or vehicle. */
export const approvalBodySchema = z.object({
  id: idSchema,
  table: z.enum(['users', 'vehicles'], { error: 'table must be users or vehicles.' }),
  approval: approvalDecisionSchema,
});
export type ApprovalBody = z.input<typeof approvalBodySchema>;

/** POST delete-data: soft delete (the record leaves every list; its rides and sales stay). */
export const DELETABLE_TABLES = ['users', 'vehicles', 'supports', 'coupons'] as const;
export const deleteDataBodySchema = z.object({
  id: idSchema,
  table: z.enum(DELETABLE_TABLES, {
    error: 'table must be users, vehicles, supports or coupons.',
  }),
});
export type DeleteDataBody = z.input<typeof deleteDataBodySchema>;

export const statusUpdateResponseSchema = envelopeSchema(
  z.object({ id: int(), status: activeStatusSchema }),
);
export const approvalResponseSchema = envelopeSchema(
  z.object({ id: int(), approval: approvalDecisionSchema }),
);
export const deleteDataResponseSchema = envelopeSchema(z.object({ id: int() }));

/**
 * Messages of the directory calls. Failures answer `status: false` with one of
 * these and HTTP 404 (not found) or 409 (not allowed in the record's state).
 */
export const DIRECTORY_MESSAGES = {
  usersFetched: 'Users fetched successfully.',
  userFetched: 'User fetched successfully.',
  driversFetched: 'Drivers fetched successfully.',
  vehiclesFetched: 'Vehicles fetched successfully.',
  vehicleFetched: 'Vehicle fetched successfully.',
  ridesFetched: 'Rides fetched successfully.',
  statusUpdated: 'Status updated successfully.',
  approvalUpdated: 'Approval updated successfully.',
  deleted: 'Deleted successfully.',
  userNotFound: 'User not found.',
  companyNotFound: 'Company not found.',
  vehicleNotFound: 'Vehicle not found.',
  recordNotFound: 'Record not found.',
  alreadyDecided: 'Only a Pending record can be approved or rejected.',
  companyNotApproved: 'A company can be activated or deactivated only once Approved.',
} as const;
