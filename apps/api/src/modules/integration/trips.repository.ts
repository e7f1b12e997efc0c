import type { z } from 'zod';
import {
  TRIP_EVENT_STATUS,
  TRIP_EVENTS,
  type integrationTrips,
  type RideStatus,
  type TripEvent,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import { storeRoute } from '../live';
import { splitCompletedRides } from '../money';
import { byExternalId, lockExternalId } from './people.repository';
import type { Refusal } from './refusals';

export type TripInput = z.output<typeof integrationTrips.input>;

/** Who recorded a state change: an integration key, or an administrator at the desk. */
export type EventSource = { keyId: number } | { adminId: number | null };

/** What applyTripEvent did: the trip, whether it made it, and whether the event was new. */
export type TripApplied = {
  kind: 'done';
  id: number;
  created: boolean;
  /** False when this event (trip, event, time) was already recorded: nothing changed. */
  recorded: boolean;
  rideStatus: RideStatus;
};

/** The columns of a trip's pick-up and drop-off points, named as the trip event's fields. */
export const POINT_COLUMNS = ['pickup_lat', 'pickup_lng', 'drop_lat', 'drop_lng'] as const;

/** A trip event's points, null where it sent none (each pair is whole: the contract sees to it). */
export const pointsOf = (trip: TripInput) =>
  Object.fromEntries(POINT_COLUMNS.map((column) => [column, trip[column] ?? null])) as Record<
    (typeof POINT_COLUMNS)[number],
    number | null
  >;

type Points = ReturnType<typeof pointsOf>;

/**
 * The points' SET clauses: the event's replace the trip's (its latest event),
 * or only fill those the trip lacks (an earlier one); none sent keeps them.
 */
const setPoints = (points: Points, how: 'replace' | 'fill') =>
  sql.join(
    POINT_COLUMNS.map((column) => {
      const [kept, sent] = [sql.identifier(column), sql`${points[column]}::float8`];
      return how === 'replace'
        ? sql`${kept} = coalesce(${sent}, ${kept})`
        : sql`${kept} = coalesce(${kept}, ${sent})`;
    }),
    sql`, `,
  );

/** The events in a trip's order: at one time, the later one in this list is the later event. */
const EVENT_ORDER = `{${TRIP_EVENTS.join(',')}}`;

/**
 * Records one state change of a trip in ride_events, in the caller's
 * transaction (a route's, or a batch import's). `source` names who recorded it.
 * The same event at the same time for the same trip is recorded once (the
 * unique index ride_events_ride_at_event_key).
 */
export async function recordRideEvent(
  tx: Tx,
  rideId: number,
  event: TripEvent,
  at: Date,
  source: EventSource,
  reason: string | null,
): Promise<boolean> {
  const keyId = 'keyId' in source ? source.keyId : null;
  const adminId = 'adminId' in source ? source.adminId : null;
  const inserted = await rowsOf<{ id: number }>(
    tx,
    sql`insert into ride_events (ride_id, event, at, key_id, admin_id, reason)
        values (${rideId}, ${event}, ${at.toISOString()}, ${keyId}, ${adminId}, ${reason})
        on conflict do nothing returning id`,
  );
  return inserted.length > 0;
}

/**
 * Applies one trip event of the marketplace (issue 44) in the caller's
 * transaction, by the trip's external_id (decision 015), serialised per trip
 * by an advisory lock:
 * - the passenger, driver and vehicle it names must exist and be live;
 * - the first event of a trip (whichever arrives first) makes the trip, as
 *   any other trip (the counters and search text follow by trigger);
 * - the event is recorded in ride_events once: the same event at the same
 *   time again changes nothing;
 * - the trip takes the status and details of its latest event by `at` (at
 *   one time, the later in TRIP_EVENTS), its pick-up and drop-off points when
 *   it sends them; an earlier event arriving late is recorded, and fills only
 *   a driver, vehicle or point the trip still lacks;
 * - the trip's date is its `created` event's time, else its earliest event's;
 * - a trip that ends (Completed or Cancelled) keeps its route (storeRoute);
 * - a trip that completes is split and its ledger set written (splitCompletedRides).
 */
export async function applyTripEvent(
  tx: Tx,
  source: EventSource,
  trip: TripInput,
): Promise<Refusal | TripApplied> {
  const passenger = await byExternalId(tx, 'User', trip.user_external_id);
  if (!passenger) return { kind: 'no-passenger' };
  if (passenger.deletedAt) return { kind: 'person-deleted', field: 'user_external_id' };
  let driver: Awaited<ReturnType<typeof byExternalId>>;
  if (trip.driver_external_id !== undefined) {
    driver = await byExternalId(tx, 'Driver', trip.driver_external_id);
    if (!driver) return { kind: 'no-driver' };
    if (driver.deletedAt) return { kind: 'person-deleted', field: 'driver_external_id' };
  }
  let vehicle: { id: number; company_id: number; deleted: boolean } | undefined;
  if (trip.vehicle_external_id !== undefined) {
    [vehicle] = await rowsOf<{ id: number; company_id: number; deleted: boolean }>(
      tx,
      sql`select id, company_id, deleted_at is not null as deleted from vehicles
          where external_id = ${trip.vehicle_external_id}`,
    );
    if (!vehicle) return { kind: 'no-vehicle' };
    if (vehicle.deleted) return { kind: 'vehicle-deleted' };
  }
  let serviceTypeId: number | null = null;
  if (trip.service_type !== undefined) {
    const [type] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from service_types where lower(title) = lower(${trip.service_type})
          order by id limit 1`,
    );
    if (!type) return { kind: 'no-service-type' };
    serviceTypeId = type.id;
  }
  const companyId = driver?.companyId ?? vehicle?.company_id ?? null;
  const at = new Date(trip.at);
  const status = TRIP_EVENT_STATUS[trip.event];
  const reason = trip.event === 'cancelled' ? (trip.reason ?? null) : null;
  const points = pointsOf(trip);

  await lockExternalId(tx, 'trip', trip.external_id);
  const [existing] = await rowsOf<{ id: number; ride_status: RideStatus }>(
    tx,
    sql`select id, ride_status from rides where external_id = ${trip.external_id} for update`,
  );
  if (!existing) {
    const [made] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into rides (user_id, driver_id, company_id, vehicle_id, service_type_id, amount,
            coupon_discount, payment_method,
            pickup_address, drop_address, pickup_lat, pickup_lng, drop_lat, drop_lng, ride_status,
            cancel_reason, external_id, created_at, updated_at)
          values (${passenger.id}, ${driver?.id ?? null}, ${companyId}, ${vehicle?.id ?? null},
            ${serviceTypeId},
            ${trip.amount ?? 0}, ${trip.coupon_discount ?? 0}, ${trip.payment_method ?? null},
            ${trip.pickup_address}, ${trip.drop_address},
            ${points.pickup_lat}::float8, ${points.pickup_lng}::float8, ${points.drop_lat}::float8,
            ${points.drop_lng}::float8, ${status}, ${reason},
            ${trip.external_id}, ${at.toISOString()}, now())
          returning id`,
    );
    const id = made!.id;
    await recordRideEvent(tx, id, trip.event, at, source, reason);
    if (status === 'Complete') await splitCompletedRides(tx, [id]);
    return { kind: 'done', id, created: true, recorded: true, rideStatus: status };
  }

  const id = existing.id;
  const recorded = await recordRideEvent(tx, id, trip.event, at, source, reason);
  // The same event at the same time again: nothing changes.
  if (!recorded) {
    return { kind: 'done', id, created: false, recorded, rideStatus: existing.ride_status };
  }
  const [latest] = await rowsOf<{ is_this: boolean }>(
    tx,
    sql`select event = ${trip.event} and at = ${at.toISOString()}::timestamptz as is_this
        from ride_events where ride_id = ${id}
        order by at desc, array_position(${EVENT_ORDER}::text[], event) desc limit 1`,
  );
  const isLatest = latest!.is_this;
  // The latest event sets the trip; an earlier one only fills what the trip lacks.
  const details = isLatest
    ? sql`ride_status = ${status}, cancel_reason = ${reason}, user_id = ${passenger.id},
        pickup_address = ${trip.pickup_address}, drop_address = ${trip.drop_address},
        driver_id = coalesce(${driver?.id ?? null}::int, driver_id),
        vehicle_id = coalesce(${vehicle?.id ?? null}::int, vehicle_id),
        company_id = coalesce(${companyId}::int, company_id),
        service_type_id = coalesce(${serviceTypeId}::int, service_type_id),
        amount = coalesce(${trip.amount ?? null}::numeric, amount),
        coupon_discount = coalesce(${trip.coupon_discount ?? null}::numeric, coupon_discount),
        payment_method = coalesce(${trip.payment_method ?? null}::text, payment_method),
        ${setPoints(points, 'replace')},`
    : sql`driver_id = coalesce(driver_id, ${driver?.id ?? null}::int),
        vehicle_id = coalesce(vehicle_id, ${vehicle?.id ?? null}::int),
        company_id = coalesce(company_id, ${companyId}::int),
        service_type_id = coalesce(service_type_id, ${serviceTypeId}::int),
        payment_method = coalesce(payment_method, ${trip.payment_method ?? null}::text),
        ${setPoints(points, 'fill')},`;
  const [row] = await rowsOf<{ ride_status: RideStatus }>(
    tx,
    sql`update rides set ${details}
          created_at = coalesce(
            (select min(at) from ride_events where ride_id = ${id} and event = 'created'),
            (select min(at) from ride_events where ride_id = ${id})),
          updated_at = now()
        where id = ${id}
        returning ride_status`,
  );
  const rideStatus = row!.ride_status;
  if (rideStatus === 'Complete' || rideStatus === 'Cancel') await storeRoute(tx, id);
  // A trip that completes is split once, from the rule in force then (issue 48).
  if (rideStatus === 'Complete') await splitCompletedRides(tx, [id]);
  return { kind: 'done', id, created: false, recorded, rideStatus };
}
