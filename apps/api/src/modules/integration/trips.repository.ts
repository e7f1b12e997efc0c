import type { z } from 'zod';
import {
  TRIP_EVENT_STATUS,
  TRIP_EVENTS,
  type integrationTrips,
  type RideStatus,
  type TripEvent,
} from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import { storeRoute } from '../live';
import { splitCompletedRides } from '../money';
import { lockExternalId } from './people.repository';
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

/** What applyTripEvent's first statement finds: the people, vehicle and service type a trip event names, and its trip. */
type Found = {
  kind: 'User' | 'Driver' | 'vehicle' | 'service_type' | 'trip';
  id: number;
  deleted: boolean;
  company_id: number | null;
  ride_status: RideStatus | null;
};

/**
 * One statement: the passenger and driver a trip event names (locked, as
 * byExternalId locks them), its vehicle and service type, and its trip
 * (locked) when it exists.
 */
const findNamed = (tx: Tx, trip: TripInput) =>
  rowsOf<Found>(
    tx,
    sql`with people as (
          select id, role::text as kind, deleted_at is not null as deleted, company_id from users
          where external_id is not null and ((role = 'User' and external_id = ${trip.user_external_id})
            ${trip.driver_external_id === undefined ? sql`` : sql`or (role = 'Driver' and external_id = ${trip.driver_external_id})`})
          order by id for update
        ), trip as (
          select id, ride_status::text as ride_status from rides
          where external_id is not null and external_id = ${trip.external_id} for update
        )
        select kind, id, deleted, company_id, null::text as ride_status from people
        ${
          trip.vehicle_external_id === undefined
            ? sql``
            : sql`union all select 'vehicle', id, deleted_at is not null, company_id, null from vehicles
                  where external_id is not null and external_id = ${trip.vehicle_external_id}`
        }
        ${
          trip.service_type === undefined
            ? sql``
            : sql`union all select * from (select 'service_type', id, false, null::int, null::text
                  from service_types where lower(title) = lower(${trip.service_type})
                  order by id limit 1) s`
        }
        union all select 'trip', id, false, null, ride_status from trip`,
  );

/**
 * Applies one trip event of the marketplace (issue 44) in the caller's
 * transaction, by the trip's external_id (decision 015), serialised per trip
 * by the trip's row lock (and, while it does not exist yet, by an advisory
 * lock, as the import takes it):
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
 * Each step is one statement: what the event names, then the trip made with
 * its event, or the event recorded with the trip changed.
 */
export async function applyTripEvent(
  tx: Tx,
  source: EventSource,
  trip: TripInput,
): Promise<Refusal | TripApplied> {
  const found = await findNamed(tx, trip);
  const named = (kind: Found['kind']) => found.find((row) => row.kind === kind);
  const passenger = named('User');
  if (!passenger) return { kind: 'no-passenger' };
  if (passenger.deleted) return { kind: 'person-deleted', field: 'user_external_id' };
  const driver = named('Driver');
  if (trip.driver_external_id !== undefined) {
    if (!driver) return { kind: 'no-driver' };
    if (driver.deleted) return { kind: 'person-deleted', field: 'driver_external_id' };
  }
  const vehicle = named('vehicle');
  if (trip.vehicle_external_id !== undefined) {
    if (!vehicle) return { kind: 'no-vehicle' };
    if (vehicle.deleted) return { kind: 'vehicle-deleted' };
  }
  const serviceType = named('service_type');
  if (trip.service_type !== undefined && !serviceType) return { kind: 'no-service-type' };
  const serviceTypeId = serviceType?.id ?? null;
  const driverId = driver?.id ?? null;
  const vehicleId = vehicle?.id ?? null;
  const companyId = driver?.company_id ?? vehicle?.company_id ?? null;
  const at = new Date(trip.at).toISOString();
  const status = TRIP_EVENT_STATUS[trip.event];
  const reason = trip.event === 'cancelled' ? (trip.reason ?? null) : null;
  const points = pointsOf(trip);
  const keyId = 'keyId' in source ? source.keyId : null;
  const adminId = 'adminId' in source ? source.adminId : null;

  let existing = named('trip');
  if (!existing) {
    // A new trip: the import makes trips under this lock, so they cannot both insert it.
    await lockExternalId(tx, 'trip', trip.external_id);
    const [made] = await rowsOf<{ id: number }>(
      tx,
      sql`with made as (
            insert into rides (user_id, driver_id, company_id, vehicle_id, service_type_id, amount,
              coupon_discount, payment_method,
              pickup_address, drop_address, pickup_lat, pickup_lng, drop_lat, drop_lng, ride_status,
              cancel_reason, external_id, created_at, updated_at)
            values (${passenger.id}, ${driverId}, ${companyId}, ${vehicleId}, ${serviceTypeId},
              ${trip.amount ?? 0}, ${trip.coupon_discount ?? 0}, ${trip.payment_method ?? null},
              ${trip.pickup_address}, ${trip.drop_address},
              ${points.pickup_lat}::float8, ${points.pickup_lng}::float8, ${points.drop_lat}::float8,
              ${points.drop_lng}::float8, ${status}, ${reason},
              ${trip.external_id}, ${at}, now())
            on conflict (external_id) where external_id is not null do nothing
            returning id
          ), event as (
            insert into ride_events (ride_id, event, at, key_id, admin_id, reason)
            select id, ${trip.event}, ${at}, ${keyId}::int, ${adminId}::int, ${reason} from made
          )
          select id from made`,
    );
    if (made) {
      if (status === 'Complete') await splitCompletedRides(tx, [made.id]);
      return { kind: 'done', id: made.id, created: true, recorded: true, rideStatus: status };
    }
    // Made meanwhile by another call, which held the lock until its commit: it exists now.
    [existing] = await rowsOf<Found>(
      tx,
      sql`select 'trip' as kind, id, false as deleted, null as company_id,
            ride_status::text as ride_status
          from rides where external_id is not null and external_id = ${trip.external_id} for update`,
    );
  }

  const id = existing!.id;
  // The event, once; when new, the trip changed by it in the same statement. Whether it is the
  // latest is judged against the events before it (the statement does not see its own insert).
  const isLatest = sql`latest.is_this`;
  const replaceOrFill = (column: string, sent: SQL) => {
    const kept = sql.identifier(column);
    return sql`${kept} = case when ${isLatest} then coalesce(${sent}, ${kept}) else coalesce(${kept}, ${sent}) end`;
  };
  const replace = (column: string, sent: SQL) => {
    const kept = sql.identifier(column);
    return sql`${kept} = case when ${isLatest} then ${sent} else ${kept} end`;
  };
  const [row] = await rowsOf<{ ride_status: RideStatus }>(
    tx,
    sql`with event as (
          insert into ride_events (ride_id, event, at, key_id, admin_id, reason)
          values (${id}, ${trip.event}, ${at}, ${keyId}::int, ${adminId}::int, ${reason})
          on conflict do nothing
          returning id
        ), latest as (
          select not exists (
            select 1 from ride_events e where e.ride_id = ${id}
              and (e.at > ${at}::timestamptz or (e.at = ${at}::timestamptz
                and array_position(${EVENT_ORDER}::text[], e.event)
                  > array_position(${EVENT_ORDER}::text[], ${trip.event}::text)))
          ) as is_this
        )
        update rides set
          ${replace('ride_status', sql`${status}::ride_status`)},
          ${replace('cancel_reason', sql`${reason}::text`)},
          ${replace('user_id', sql`${passenger.id}::int`)},
          ${replace('pickup_address', sql`${trip.pickup_address}::text`)},
          ${replace('drop_address', sql`${trip.drop_address}::text`)},
          ${replaceOrFill('driver_id', sql`${driverId}::int`)},
          ${replaceOrFill('vehicle_id', sql`${vehicleId}::int`)},
          ${replaceOrFill('company_id', sql`${companyId}::int`)},
          ${replaceOrFill('service_type_id', sql`${serviceTypeId}::int`)},
          ${replace('amount', sql`coalesce(${trip.amount ?? null}::numeric, amount)`)},
          ${replace('coupon_discount', sql`coalesce(${trip.coupon_discount ?? null}::numeric, coupon_discount)`)},
          ${replaceOrFill('payment_method', sql`${trip.payment_method ?? null}::text`)},
          ${sql.join(
            POINT_COLUMNS.map((column) => replaceOrFill(column, sql`${points[column]}::float8`)),
            sql`, `,
          )},
          created_at = coalesce(
            least((select min(at) from ride_events where ride_id = ${id} and event = 'created'),
              case when ${trip.event}::text = 'created' then ${at}::timestamptz end),
            least((select min(at) from ride_events where ride_id = ${id}), ${at}::timestamptz)),
          updated_at = now()
        from event, latest
        where rides.id = ${id}
        returning rides.ride_status`,
  );
  // The same event at the same time again: nothing changes.
  if (!row) {
    return {
      kind: 'done',
      id,
      created: false,
      recorded: false,
      rideStatus: existing!.ride_status!,
    };
  }
  const rideStatus = row.ride_status;
  if (rideStatus === 'Complete' || rideStatus === 'Cancel') await storeRoute(tx, id);
  // A trip that completes is split once, from the rule in force then (issue 48).
  if (rideStatus === 'Complete') await splitCompletedRides(tx, [id]);
  return { kind: 'done', id, created: false, recorded: true, rideStatus };
}
