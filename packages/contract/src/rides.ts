import { z } from 'zod';
import { RIDE_STATUS_LABELS, rideSchema, type RideStatus } from './directory';
import { envelopeSchema, idSchema, requiredText } from './envelope';

/**
 * One trip and what an administrator may do to it (issue 5). The list
 * (`ride-list`) and the item shape (`rideSchema`) live with the directory.
 */

// ---------------------------------------------------------------- ride-detail

/** GET ride-detail?ride_id (SPEC 7). 404 when there is no such trip. */
export const rideDetailQuerySchema = z.object({ ride_id: idSchema });
export type RideDetailQuery = z.input<typeof rideDetailQuerySchema>;

/**
 * A trip as its detail page shows it (SPEC 2): a list item plus the reason it
 * was cancelled and when it last changed.
 * - driver is null when no driver took the trip; driver.vehicle is null when
 *   the trip records no vehicle (service type and vehicle type are then N/A);
 *   company is null when the trip has none.
 * - cancel_reason: why it was cancelled (by the rider, the driver or an
 *   administrator); null unless ride_status is Cancel.
 */
export const rideDetailSchema = rideSchema.extend({
  cancel_reason: z.string().nullable(),
  updated_at: z.string(),
});
export type RideDetail = z.infer<typeof rideDetailSchema>;

export const rideDetailResponseSchema = envelopeSchema(rideDetailSchema);

// ---------------------------------------------------------------- ride-cancel

/** The states in which an administrator may cancel ("reject") a trip. */
export const CANCELLABLE_RIDE_STATUSES = ['Pending', 'Accept'] as const satisfies RideStatus[];

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
export const rideCancelBodySchema = rideCancelFormSchema.extend({ ride_id: idSchema });
export type RideCancelBody = z.input<typeof rideCancelBodySchema>;
export type RideCancelRequest = z.infer<typeof rideCancelBodySchema>;

export const rideCancelResponseSchema = envelopeSchema(rideDetailSchema);
