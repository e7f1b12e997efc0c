import type { z } from 'zod';
import {
  LOW_RATING_STARS,
  type CaseKind,
  type CaseStatus,
  type ComplaintType,
  type integrationCases,
  type integrationRatings,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notificationFor, notify } from '../../lib/notify';
import { rowsOf } from '../../lib/sql';
import { deadlineMinutes, deadlineTypeOf } from './deadlines';

export type CaseInput = z.output<typeof integrationCases.input>;
export type RatingInput = z.output<typeof integrationRatings.input>;

/** Why a case or rating was not taken: the route answers each with its field. */
export type IntakeRefusal =
  { kind: 'no-trip' } | { kind: 'no-reporter' } | { kind: 'kind-differs' } | { kind: 'no-rated' };

type Trip = {
  id: number;
  user_id: number;
  driver_id: number | null;
  user_external_id: string | null;
  driver_external_id: string | null;
};

const tripByExternalId = async (tx: Tx, externalId: string) =>
  (
    await rowsOf<Trip>(
      tx,
      sql`select r.id, r.user_id, r.driver_id, u.external_id as user_external_id,
            d.external_id as driver_external_id
          from rides r join users u on u.id = r.user_id left join users d on d.id = r.driver_id
          where r.external_id = ${externalId}`,
    )
  )[0];

type Opening = {
  kind: CaseKind;
  complaintType: ComplaintType | null;
  externalId: string | null;
  rideId: number | null;
  driverId: number | null;
  passengerId: number | null;
  reportedBy: 'passenger' | 'driver' | null;
  ratingId: number | null;
  text: string | null;
  lat: number | null;
  lng: number | null;
  reportedAt: string;
};

/** The words an SOS is announced with to every open panel. */
/**
 * Opens a case with its type's deadlines counted from `now` (when it reached
 * the desk), logged as opened; an SOS is told to every administrator at once
 * (the bell, the live stream and Web Push: a kind nobody can mute).
 */
async function openCase(tx: Tx, opening: Opening, now: Date) {
  const minutes = await deadlineMinutes(tx, deadlineTypeOf(opening.kind, opening.complaintType));
  const at = now.getTime();
  const acknowledgeDue = new Date(at + minutes.acknowledge * 60_000).toISOString();
  const resolveDue = new Date(at + minutes.resolve * 60_000).toISOString();
  const [made] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into cases (external_id, kind, complaint_type, ride_id, driver_id, passenger_id,
          reported_by, rating_id, text, lat, lng, reported_at, acknowledge_due_at, resolve_due_at,
          due_at, created_at, updated_at)
        values (${opening.externalId}, ${opening.kind}, ${opening.complaintType}, ${opening.rideId},
          ${opening.driverId}, ${opening.passengerId}, ${opening.reportedBy}, ${opening.ratingId},
          ${opening.text}, ${opening.lat}::float8, ${opening.lng}::float8, ${opening.reportedAt},
          ${acknowledgeDue}, ${resolveDue}, ${acknowledgeDue}, ${now.toISOString()},
          ${now.toISOString()})
        returning id`,
  );
  const id = made!.id;
  await tx.execute(
    sql`insert into case_activities (case_id, kind, created_at)
        values (${id}, 'opened', ${now.toISOString()})`,
  );
  if (opening.kind === 'sos') {
    const reporterId = opening.reportedBy === 'driver' ? opening.driverId : opening.passengerId;
    const [who] = await rowsOf<{ name: string }>(
      tx,
      sql`select name from users where id = ${reporterId}`,
    );
    await notify(
      tx,
      notificationFor.sosPressed({ caseId: id, who: who?.name ?? null, rideId: opening.rideId }),
    );
  }
  return id;
}

/**
 * `POST cases`: an SOS or complaint by the marketplace's external_id, once
 * (the same external_id again answers the case, changing nothing). The
 * reporter is the trip's passenger or driver of that external_id, else the
 * passenger, else the driver, of that external_id.
 */
export async function takeCase(
  tx: Tx,
  input: CaseInput,
  now: Date,
): Promise<IntakeRefusal | { kind: 'done'; id: number; created: boolean; status: CaseStatus }> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`cabdesk:external:case:${input.external_id}`}))`,
  );
  const [existing] = await rowsOf<{ id: number; kind: CaseKind; status: CaseStatus }>(
    tx,
    sql`select id, kind, status from cases where external_id = ${input.external_id}`,
  );
  if (existing) {
    if (existing.kind !== input.kind) return { kind: 'kind-differs' };
    return { kind: 'done', id: existing.id, created: false, status: existing.status };
  }
  let trip: Trip | undefined;
  if (input.trip_external_id !== undefined) {
    trip = await tripByExternalId(tx, input.trip_external_id);
    if (!trip) return { kind: 'no-trip' };
  }
  let reportedBy: 'passenger' | 'driver';
  let reporterId: number;
  if (trip && trip.user_external_id === input.reporter_external_id) {
    [reportedBy, reporterId] = ['passenger', trip.user_id];
  } else if (trip?.driver_id && trip.driver_external_id === input.reporter_external_id) {
    [reportedBy, reporterId] = ['driver', trip.driver_id];
  } else {
    const [person] = await rowsOf<{ id: number; role: 'User' | 'Driver' }>(
      tx,
      sql`select id, role from users
          where external_id = ${input.reporter_external_id} and role in ('User', 'Driver')
            and deleted_at is null
          order by role = 'User' desc limit 1`,
    );
    if (!person) return { kind: 'no-reporter' };
    [reportedBy, reporterId] = [person.role === 'User' ? 'passenger' : 'driver', person.id];
  }
  const id = await openCase(
    tx,
    {
      kind: input.kind,
      complaintType: input.kind === 'complaint' ? (input.complaint_type ?? 'other') : null,
      externalId: input.external_id,
      rideId: trip?.id ?? null,
      driverId: trip?.driver_id ?? (reportedBy === 'driver' ? reporterId : null),
      passengerId: trip?.user_id ?? (reportedBy === 'passenger' ? reporterId : null),
      reportedBy,
      ratingId: null,
      text: input.text ?? null,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      reportedAt: new Date(input.at).toISOString(),
    },
    now,
  );
  return { kind: 'done', id, created: true, status: 'New' };
}

/**
 * Keeps a driver's rating figures (driver_ratings) in step with a rating by
 * a passenger: `sign` 1 adds `stars`, -1 takes them away.
 */
async function countRating(tx: Tx, driverId: number, stars: number, sign: 1 | -1) {
  const column = sql.identifier(`stars_${stars}`);
  await tx.execute(
    sql`insert into driver_ratings (driver_id) values (${driverId}) on conflict do nothing`,
  );
  await tx.execute(
    sql`update driver_ratings set count = count + ${sign}, sum = sum + ${sign * stars},
          ${column} = ${column} + ${sign},
          average = case when count + ${sign} = 0 then null
                    else round((sum + ${sign * stars})::numeric / (count + ${sign}), 2) end
        where driver_id = ${driverId}`,
  );
}

/**
 * `POST ratings`: a trip's rating by one side, one per trip and side (a
 * later `at` replaces it, an earlier or the same changes nothing). A rating
 * by a passenger counts in the driver's figures. A rating of LOW_RATING_STARS
 * or fewer with a comment opens a case of kind `rating`, once per rating.
 */
export async function takeRating(
  tx: Tx,
  input: RatingInput,
  now: Date,
): Promise<IntakeRefusal | { kind: 'done'; id: number; created: boolean; caseId: number | null }> {
  const trip = await tripByExternalId(tx, input.trip_external_id);
  if (!trip) return { kind: 'no-trip' };
  const ratedId = input.by === 'passenger' ? trip.driver_id : trip.user_id;
  if (ratedId === null) return { kind: 'no-rated' };
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cabdesk:rating:${trip.id}`}))`);
  const at = new Date(input.at).toISOString();
  const [earlier] = await rowsOf<{ id: number; stars: number; later: boolean }>(
    tx,
    sql`select id, stars, at >= ${at}::timestamptz as later from ratings
        where ride_id = ${trip.id} and by = ${input.by}`,
  );
  let id: number;
  if (earlier?.later) {
    id = earlier.id;
  } else if (earlier) {
    id = earlier.id;
    await tx.execute(
      sql`update ratings set stars = ${input.stars}, comment = ${input.comment ?? null}, at = ${at}
          where id = ${id}`,
    );
    if (input.by === 'passenger') {
      await countRating(tx, ratedId, earlier.stars, -1);
      await countRating(tx, ratedId, input.stars, 1);
    }
  } else {
    const [made] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into ratings (ride_id, by, stars, comment, rated_id, at)
          values (${trip.id}, ${input.by}, ${input.stars}, ${input.comment ?? null}, ${ratedId}, ${at})
          returning id`,
    );
    id = made!.id;
    if (input.by === 'passenger') await countRating(tx, ratedId, input.stars, 1);
  }
  const [opened] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from cases where rating_id = ${id}`,
  );
  let caseId = opened?.id ?? null;
  const low = input.stars <= LOW_RATING_STARS && input.comment !== undefined;
  if (caseId === null && low && !earlier?.later) {
    caseId = await openCase(
      tx,
      {
        kind: 'rating',
        complaintType: null,
        externalId: null,
        rideId: trip.id,
        driverId: trip.driver_id,
        passengerId: trip.user_id,
        reportedBy: input.by,
        ratingId: id,
        text: input.comment ?? null,
        lat: null,
        lng: null,
        reportedAt: at,
      },
      now,
    );
  }
  return { kind: 'done', id, created: earlier === undefined, caseId };
}
