import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema, requiredText } from './envelope';
import { int, RIDE_STATUS_LABELS, rideStatusSchema, type RideStatus } from './vocabulary';

/** Trips (SPEC calls them rides on the wire and trips on screen): the list, one trip, cancelling. */

// ---------------------------------------------------------------- ride-list

const personRefSchema = z.object({
  id: int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
});

/** The vehicle the ride was driven with. */
const rideVehicleSchema = z.object({
  id: int(),
  license_number: z.string(),
  service_type_data: z.object({ title: z.string() }),
  vehicle_type_data: z.object({ title: z.string() }),
});

const rideDriverSchema = personRefSchema.extend({
  /** null when the ride records no vehicle. */
  vehicle: rideVehicleSchema.nullable(),
});

const rideCompanySchema = z.object({
  id: int(),
  name: z.string(),
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
});

/** One trip (SPEC 3). driver and company are null until the ride has them. */
const rideSchema = z.object({
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
const rideListQuerySchema = pageQuerySchema.extend({
  user_id: optionalQuery(idSchema),
});

// ---------------------------------------------------------------- ride-detail

/** GET ride-detail?ride_id (SPEC 7). 404 when there is no such trip. */
const rideDetailQuerySchema = z.object({ ride_id: idSchema });

/**
 * A trip as its detail page shows it (SPEC 2): a list item plus the reason it
 * was cancelled and when it last changed.
 * - driver is null when no driver took the trip; driver.vehicle is null when
 *   the trip records no vehicle (service type and vehicle type are then N/A);
 *   company is null when the trip has none.
 * - cancel_reason: why it was cancelled (by the rider, the driver or an
 *   administrator); null unless ride_status is Cancel.
 */
const rideDetailSchema = rideSchema.extend({
  cancel_reason: z.string().nullable(),
  updated_at: z.string(),
});
export type RideDetail = z.infer<typeof rideDetailSchema>;

// ---------------------------------------------------------------- ride-cancel

/** The states in which an administrator may cancel ("reject") a trip. */
const CANCELLABLE_RIDE_STATUSES = ['Pending', 'Accept'] as const satisfies RideStatus[];

export const isCancellable = (status: RideStatus) =>
  (CANCELLABLE_RIDE_STATUSES as readonly RideStatus[]).includes(status);

export const CANCEL_REASON_MAX = 500;

export const RIDE_MESSAGES = {
  rideFetched: 'Trip fetched successfully.',
  rideNotFound: 'Trip not found.',
  rideCancelled: 'Trip cancelled successfully.',
  reasonRequired: 'Please enter a reason.',
  reasonTooLong: `The reason may be at most ${CANCEL_REASON_MAX} characters.`,
  /** 409: the trip is past the point where an administrator may cancel it. */
  notCancellable: (status: RideStatus) =>
    `Only a Pending or Accepted trip can be cancelled. This one is ${RIDE_STATUS_LABELS[status]}.`,
} as const;

/** The reject-trip popup's form: why the trip is cancelled (trimmed, required, bounded). */
export const rideCancelFormSchema = z.object({
  reason: requiredText(
    RIDE_MESSAGES.reasonRequired,
    CANCEL_REASON_MAX,
    RIDE_MESSAGES.reasonTooLong,
  ),
});
export type RideCancelForm = z.infer<typeof rideCancelFormSchema>;

/**
 * POST ride-cancel {ride_id, reason}: an administrator cancels a Pending or
 * Accepted trip. In one transaction the trip becomes Cancel with the reason,
 * and the audit log records who and why. Answers the trip as ride-detail does;
 * 404 when there is no such trip, 409 (status false, a message naming the
 * trip's state) when it is in any other state, 400 for a missing or too long
 * reason.
 */
const rideCancelBodySchema = rideCancelFormSchema.extend({ ride_id: idSchema });

// ---------------------------------------------------------------- calls

const rideCalls = area('Trips', EVERY_ROLE);

export const rideList = rideCalls.get('ride-list', {
  summary: 'Trips newest first, of one passenger, driver or company or all, paged.',
  input: rideListQuerySchema,
  data: pagedSchema(rideSchema),
});

export const rideDetail = rideCalls.get('ride-detail', {
  summary: 'One trip (404 when missing).',
  input: rideDetailQuerySchema,
  data: rideDetailSchema,
});

export const rideCancel = rideCalls.post('ride-cancel', {
  summary: 'Cancel a Pending or Accepted trip, with a reason (409 in any other state).',
  input: rideCancelBodySchema,
  data: rideDetailSchema,
  roles: ['Owner', 'Operator'],
});
