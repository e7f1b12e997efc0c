import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema, requiredText } from './envelope';
import {
  amountRangeQuery,
  checkAmountOrder,
  checkDateOrder,
  dateRangeQuery,
  exportQuery,
  sortQuery,
} from './list-query';
import { TRIP_EVENTS } from './integration';
import { transactionSchema } from './sales';
import {
  int,
  RIDE_STATUS_LABELS,
  RIDE_STATUSES,
  rideStatusSchema,
  type RideStatus,
} from './vocabulary';

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

/**
 * What stands against the vehicle a trip runs on, as it is now (issue 45):
 * the vehicle is Inactive, its insurance's expiry date has passed.
 */
export const RIDE_FLAGS = ['vehicle_inactive', 'insurance_expired'] as const;
export type RideFlag = (typeof RIDE_FLAGS)[number];

/**
 * One trip (SPEC 3). driver and company are null until the ride has them.
 * - service_type: the service type the passenger asked for, kept from the
 *   request (a Pending trip has no vehicle to tell it); null when the trip
 *   came without one. The vehicle's, once it has one, is
 *   driver.vehicle.service_type_data.
 * - flags: RIDE_FLAGS of the trip's vehicle; empty without a vehicle.
 */
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
  service_type: z.object({ id: int(), title: z.string() }).nullable(),
  flags: z.array(z.enum(RIDE_FLAGS)),
});
export type Ride = z.infer<typeof rideSchema>;

/** ride-list sorts by date (the default, newest first) or price. */
export const RIDE_SORTS = ['created_at', 'amount'] as const;

export const RIDE_STATUS_FILTER_MESSAGE = `ride_status must be one or more of ${RIDE_STATUSES.join(', ')}, separated by commas.`;

/** `ride_status=Pending,Accept`: one status or several, comma-separated (SPEC's values). */
const rideStatusesQuery = optionalQuery(
  z.string().transform((text, ctx) => {
    const names = [...new Set(text.split(',').map((name) => name.trim()))];
    const statuses = names.filter((name): name is RideStatus =>
      (RIDE_STATUSES as readonly string[]).includes(name),
    );
    if (statuses.length !== names.length) {
      ctx.addIssue({ code: 'custom', message: RIDE_STATUS_FILTER_MESSAGE });
      return z.NEVER;
    }
    return statuses;
  }),
);

/**
 * GET ride-list: trips newest first, or by RIDE_SORTS. Every filter is
 * optional and they combine with each other, the search and the sort:
 * - user_id scopes to one account by its role: a passenger (User) matches
 *   rides.user_id, a Driver rides.driver_id, a Company rides.company_id. 404
 *   when that account is missing or deleted.
 * - company_id, driver_id: the trips of that company or driver (404 when it is
 *   not a live company or driver).
 * - ride_status: one or several statuses, comma-separated.
 * - from, to, tz: the days (inclusive) in the administrator's time zone.
 * - service_type_id: the service type of the trip's vehicle.
 * - min_amount, max_amount: the price range in dollars, inclusive.
 * - search matches pick-up and drop-off addresses, and the name, email or
 *   phone of the passenger, the driver or the company.
 * `total` is exact for all trips, one account's, and a status or date range;
 * other filters and searches count ten pages ahead (`total_exact: false`).
 */
const rideListQuerySchema = pageQuerySchema
  .extend({
    ...exportQuery,
    user_id: optionalQuery(idSchema),
    company_id: optionalQuery(idSchema),
    driver_id: optionalQuery(idSchema),
    ride_status: rideStatusesQuery,
    service_type_id: optionalQuery(idSchema),
    ...dateRangeQuery,
    ...amountRangeQuery,
    sort: sortQuery(RIDE_SORTS),
  })
  .superRefine((query, ctx) => {
    checkDateOrder(query, ctx);
    checkAmountOrder(query, ctx);
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
 * - transaction: the trip's payment (the Sales row), or null while unpaid;
 *   absent but for REVENUE_ROLES.
 * - pickup_lat, pickup_lng, drop_lat, drop_lng: the pick-up and drop-off
 *   points the marketplace sent with the trip's events (issue 46), in
 *   degrees; null when it sent none (each pair is null together).
 */
const rideDetailSchema = rideSchema.extend({
  cancel_reason: z.string().nullable(),
  updated_at: z.string(),
  pickup_lat: z.number().nullable(),
  pickup_lng: z.number().nullable(),
  drop_lat: z.number().nullable(),
  drop_lng: z.number().nullable(),
  transaction: transactionSchema.omit({ ride_id: true }).nullable().optional(),
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
  timelineFetched: 'Timeline fetched successfully.',
  rideNotFound: 'Trip not found.',
  rideCancelled: 'Trip cancelled successfully.',
  reasonRequired: 'Please enter a reason.',
  reasonTooLong: `The reason may be at most ${CANCEL_REASON_MAX} characters.`,
  /** 409: the trip is past the point where an administrator may cancel it. */
  notCancellable: (status: RideStatus) =>
    `Only a Pending or Accepted trip can be cancelled. This one is ${RIDE_STATUS_LABELS[status]}.`,
} as const;

/**
 * The usual reasons a desk cancels a trip, offered in its cancel popup, each
 * stored as these words (the screens show them in the reader's language);
 * "Other" sends what the administrator types instead.
 */
export const RIDE_CANCEL_REASONS = {
  passenger_no_show: 'Passenger no-show',
  duplicate_booking: 'Duplicate booking',
  requested_by_passenger: 'Requested by the passenger',
  driver_unavailable: 'Driver unavailable',
  fraud_suspected: 'Fraud suspected',
} as const;
export type RideCancelReason = keyof typeof RIDE_CANCEL_REASONS;

/** The cancel popup's form: why the trip is cancelled (trimmed, required, bounded). */
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
  summary: 'Trips newest first or sorted, of one account or all, filtered, paged.',
  input: rideListQuerySchema,
  data: pagedSchema(rideSchema),
  export: 'trips',
});

export const rideDetail = rideCalls.get('ride-detail', {
  summary: 'One trip with its payment (404 when missing).',
  input: rideDetailQuerySchema,
  data: rideDetailSchema,
});

/**
 * A trip's state changes in time order (ride_events): each event, when it
 * happened, who recorded it (the marketplace through an integration key, or
 * an administrator at the desk, by name; null once that key or account is
 * gone) and why, for a cancellation. A trip seeded or written before issue
 * 44 has none: `requested_at`, its date, is where every timeline starts.
 */
const rideTimelineSchema = z.object({
  requested_at: z.string(),
  events: z.array(
    z.object({
      event: z.enum(TRIP_EVENTS),
      at: z.string(),
      by: z.object({ kind: z.enum(['integration', 'administrator']), name: z.string() }).nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type RideTimeline = z.infer<typeof rideTimelineSchema>;

export const rideTimeline = rideCalls.get('ride-timeline', {
  summary:
    "A trip's state changes in time order, with who recorded each and why (404 when missing).",
  input: rideDetailQuerySchema,
  data: rideTimelineSchema,
});

export const rideCancel = rideCalls.post('ride-cancel', {
  summary: 'Cancel a Pending or Accepted trip, with a reason (409 in any other state).',
  input: rideCancelBodySchema,
  data: rideDetailSchema,
  roles: ['Owner', 'Operator'],
});
