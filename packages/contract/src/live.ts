import { z } from 'zod';
import { area, EVERY_ROLE, integrationArea } from './endpoint';
import { idSchema, optionalQuery } from './envelope';
import { atSchema, externalIdSchema, postHeadersSchema } from './integration';
import { int, rideStatusSchema } from './vocabulary';

/*
 * Live operations (issue 46): the marketplace sends its drivers' positions
 * through the integration API; the desk reads each driver's latest one.
 */

/** What a driver is doing as their app reports it. */
export const POSITION_STATES = ['offline', 'available', 'on_trip'] as const;
export type PositionState = (typeof POSITION_STATES)[number];

/** The most fixes one `POST positions` takes. */
export const POSITIONS_PER_CALL = 1000;

export const LIVE_MESSAGES = {
  positionsSaved: 'The positions have been received.',
  driversFetched: 'Drivers fetched successfully.',
  routeFetched: "The trip's route has been fetched.",
  alertsFetched: 'Alerts fetched successfully.',
  /** A fix of a driver Cabdesk does not know: skipped, the others written. */
  unknownDriver: 'There is no driver with this external_id: send the driver first.',
  deletedDriver: 'This driver was deleted in Cabdesk.',
} as const;

const stateSchema = z.enum(POSITION_STATES, {
  error: `state must be one of ${POSITION_STATES.join(', ')}.`,
});

const coordinate = (field: string, limit: number) =>
  z
    .number({ error: `${field} must be a number of degrees.` })
    .min(-limit, `${field} must be from -${limit} to ${limit}.`)
    .max(limit, `${field} must be from -${limit} to ${limit}.`);

const fixSchema = z.object({
  driver_external_id: externalIdSchema('driver_external_id'),
  lat: coordinate('lat', 90),
  lng: coordinate('lng', 180),
  heading: z
    .number({ error: 'heading must be degrees from 0 to 360.' })
    .min(0, 'heading must be degrees from 0 to 360.')
    .max(360, 'heading must be degrees from 0 to 360.')
    .optional(),
  speed: z
    .number({ error: 'speed must be metres a second, 0 or more.' })
    .min(0, 'speed must be metres a second, 0 or more.')
    .max(150, 'speed must be metres a second, at most 150.')
    .optional(),
  state: stateSchema,
  at: atSchema,
});
export type PositionFix = z.input<typeof fixSchema>;

const positionsRequestSchema = z.object({
  fixes: z
    .array(fixSchema, { error: 'fixes must be a list of positions.' })
    .min(1, 'fixes must hold at least one position.')
    .max(POSITIONS_PER_CALL, `fixes must hold at most ${POSITIONS_PER_CALL} positions.`),
});

export const integrationPositions = integrationArea('Positions', 'positions:write').post(
  'positions',
  {
    summary: `Drivers' positions, up to ${POSITIONS_PER_CALL} fixes a call. Each driver keeps their newest fix by \`at\` (an older one changes nothing); a fix of a driver Cabdesk does not know is skipped and listed, the others are written.`,
    input: positionsRequestSchema,
    headers: postHeadersSchema,
    data: z.object({
      /** Fixes that moved a driver's latest position (newer than the one kept). */
      written: int(),
      /** Fixes not newer than the driver's kept one, or older than another of theirs in the call. */
      stale: int(),
      skipped: z.array(
        z.object({ index: int(), driver_external_id: z.string(), reason: z.string() }),
      ),
    }),
  },
);

/** `minLng,minLat,maxLng,maxLat`: the part of the map on screen. */
export const bboxSchema = z
  .string()
  .transform((text, context) => {
    const parts = text.split(',').map((part) => Number(part.trim()));
    const [minLng, minLat, maxLng, maxLat] = parts;
    const valid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      minLng! >= -180 &&
      maxLng! <= 180 &&
      minLat! >= -90 &&
      maxLat! <= 90 &&
      minLng! <= maxLng! &&
      minLat! <= maxLat!;
    if (!valid) {
      context.addIssue({
        code: 'custom',
        message: 'bbox must be minLng,minLat,maxLng,maxLat in degrees, the minimums first.',
      });
      return z.NEVER;
    }
    return { minLng: minLng!, minLat: minLat!, maxLng: maxLng!, maxLat: maxLat! };
  })
  .meta({ type: 'string', example: '-122.52,37.70,-122.35,37.83' });

const liveDriverSchema = z.object({
  id: int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  state: stateSchema,
  at: z.string(),
});
export type LiveDriver = z.infer<typeof liveDriverSchema>;

/** The live map's calls: every role sees the marketplace move. */
const liveCalls = area('Live', EVERY_ROLE);

export const liveDrivers = liveCalls.get('live-drivers', {
  summary:
    "Each driver's latest position within bbox (all when absent), of one state or all: id, name, lat, lng, state and the fix's time.",
  input: z.object({
    bbox: optionalQuery(bboxSchema),
    state: optionalQuery(stateSchema),
  }),
  data: z.array(liveDriverSchema),
});

/**
 * A trip's route, oldest point first (the kept route of an ended trip, else
 * the fixes so far), and its state changes in time order, for the replay.
 */
const rideRouteSchema = z.object({
  points: z.array(z.object({ lat: z.number(), lng: z.number(), at: z.string() })),
  events: z.array(z.object({ state: rideStatusSchema, at: z.string() })),
});
export type RideRoute = z.infer<typeof rideRouteSchema>;

export const rideRoute = liveCalls.get('ride-route', {
  summary:
    "A trip's route (points with their times) and its state changes, for the map and its replay (404 when missing).",
  input: z.object({ ride_id: idSchema }),
  data: rideRouteSchema,
});

/**
 * What is going wrong now: a trip waiting for a driver longer than
 * LIVE_WAITING_MINUTES, a driver on a trip with no position for
 * LIVE_SILENT_MINUTES, or a trip under way far longer than usual for the
 * distance between its pick-up and drop-off (overdue: LIVE_OVERDUE_*). Each
 * opens once per episode.
 */
export const LIVE_ALERT_KINDS = ['waiting', 'silent', 'overdue'] as const;
export type LiveAlertKind = (typeof LIVE_ALERT_KINDS)[number];

const liveAlertSchema = z.object({
  id: int(),
  kind: z.enum(LIVE_ALERT_KINDS),
  /** When the episode began (the check that found it). */
  since: z.string(),
  ride: z.object({
    id: int(),
    ride_status: rideStatusSchema,
    pickup_address: z.string(),
    requested_at: z.string(),
  }),
  driver: z.object({ id: int(), name: z.string() }).nullable(),
  /** The driver's latest fix: for a silent driver, how long ago they were heard. */
  last_fix_at: z.string().nullable(),
});
export type LiveAlert = z.infer<typeof liveAlertSchema>;

export const liveAlerts = liveCalls.get('live-alerts', {
  summary:
    'What is going wrong now, oldest first: trips waiting for a driver too long, drivers on a trip whose position went quiet, and trips under way far longer than usual for their distance, each with its trip and driver.',
  data: z.array(liveAlertSchema),
});
