import { z } from 'zod';

/**
 * Conventions of every marketplace record on the wire (SPEC 3's names,
 * snake_case):
 * - `created_at` is an ISO 8601 UTC timestamp (`2024-03-05T09:12:00.000Z`);
 *   `dob` is a calendar date `YYYY-MM-DD`.
 * - Images are signed URLs served by the API, or null when absent.
 * - Money is a number of dollars with cents (`12.5` is $12.50).
 * - Soft-deleted users and vehicles appear in no list and no detail (404);
 *   what points at them keeps showing them: a ride still shows a deleted
 *   driver's name, a vehicle or driver still shows its deleted company.
 */

const USER_TYPES = ['User', 'Driver', 'Company'] as const;
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

const GENDERS = ['Male', 'Female', 'Other'] as const;
export const genderSchema = z.enum(GENDERS);

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

/** A whole number on the wire. */
export const int = () => z.number().int();

/** An administrator as a record names them: who decided, wrote a note, acted. */
export const adminRefSchema = z.object({ id: int(), name: z.string() });
export type AdminRef = z.infer<typeof adminRefSchema>;

/**
 * The last decision on a company, driver or vehicle, in its detail answer:
 * the reason given (null when none), when and by whom (null while Pending,
 * and for records decided before decisions were recorded).
 */
export const decisionFields = {
  approval_reason: z.string().nullable(),
  approval_decided_at: z.string().nullable(),
  approval_decided_by: adminRefSchema.nullable(),
};

/** Why a record is Inactive when the server made it so ("Document expired"); null otherwise. */
export const statusReasonSchema = z.string().nullable();

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
  driverNotFound: 'Driver not found.',
  vehicleNotFound: 'Vehicle not found.',
  recordNotFound: 'Record not found.',
  alreadyDecided: 'Only a Pending record can be approved or rejected.',
  companyNotApproved: 'A company can be activated or deactivated only once Approved.',
} as const;
