import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, optionalQuery } from './envelope';
import { bboxSchema, POSITION_STATES } from './live';
import { int, rideStatusSchema } from './vocabulary';

/*
 * The live map (issue 46): its basemap, the stream of what moves in the
 * viewport, a driver's card and the search that finds one.
 */

export const LIVE_MAP_MESSAGES = {
  styleFetched: 'Map style fetched successfully.',
  driverFetched: 'Driver fetched successfully.',
  searchDone: 'Drivers found.',
  rideFetched: 'Trip fetched successfully.',
  tripsFetched: 'Trips fetched successfully.',
  driverNotFound: 'There is no driver with this id, or they never sent a position.',
  badTicket: 'The live map stream ticket is invalid, used or expired.',
} as const;

/** The colour schemes the app has; Cabdesk's own basemap has a style for each. */
export const MAP_SCHEMES = ['light', 'dark'] as const;
export type MapScheme = (typeof MAP_SCHEMES)[number];

const liveMapCalls = area('Live', EVERY_ROLE);

/**
 * The basemap. With `MAP_STYLE_URL` set, `style_url` is that MapLibre style
 * (`pmtiles://` sources allowed) and `style` null; otherwise `style` is
 * Cabdesk's own drawing of the demo city, with nothing to fetch from anywhere.
 */
export const mapStyle = liveMapCalls.get('map-style', {
  summary:
    "The live map's basemap: the operator's MapLibre style URL (MAP_STYLE_URL), or Cabdesk's own style of the demo city for the colour scheme.",
  input: z.object({
    scheme: optionalQuery(
      z.enum(MAP_SCHEMES, { error: `scheme must be one of ${MAP_SCHEMES.join(', ')}.` }),
    ),
  }),
  data: z.object({
    style_url: z.string().nullable(),
    /** A MapLibre style document (version 8), JSON as MapLibre reads it. */
    style: z.record(z.string(), z.unknown()).nullable(),
  }),
});

/** One driver on the live map, as the stream sends them. */
const mapDriverSchema = z.object({
  id: int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  state: z.enum(POSITION_STATES),
  /** Degrees clockwise from north, when the device knows it. */
  heading: z.number().nullable(),
  /** When the fix was taken. */
  at: z.string(),
});
export type MapDriver = z.infer<typeof mapDriverSchema>;

/** `state=available,on_trip`: any of these states (all when absent). */
const statesSchema = z
  .string()
  .transform((text, context) => {
    const states = [...new Set(text.split(',').map((part) => part.trim()))];
    const unknown = states.filter(
      (state) => !(POSITION_STATES as readonly string[]).includes(state),
    );
    if (unknown.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `state must list some of ${POSITION_STATES.join(', ')}, separated by commas.`,
      });
      return z.NEVER;
    }
    return states as (typeof POSITION_STATES)[number][];
  })
  .meta({ type: 'string', example: 'available,on_trip' });

/** What the live map shows: the viewport and its filters. */
export const liveViewSchema = z.object({
  bbox: optionalQuery(bboxSchema),
  state: optionalQuery(statesSchema),
  /** Drivers of this company only. */
  company_id: optionalQuery(idSchema),
  /** Drivers whose vehicle is of this service type only. */
  service_type_id: optionalQuery(idSchema),
});
export type LiveView = z.input<typeof liveViewSchema>;

const pointSchema = z.object({ lat: z.number(), lng: z.number() });

/** A trip under way on the live map: waiting for a driver (Pending) or in progress. */
const liveTripSchema = z.object({
  id: int(),
  ride_status: rideStatusSchema,
  driver_id: int().nullable(),
  pickup_address: z.string(),
  drop_address: z.string(),
  pickup: pointSchema,
  drop: pointSchema.nullable(),
});
export type LiveTrip = z.infer<typeof liveTripSchema>;

/** The server-sent event names of the live map stream. */
export const LIVE_STREAM_EVENTS = {
  /**
   * `{snapshot, drivers, removed}`: the first one (`snapshot: true`) is every
   * driver in view; then the drivers whose latest fix changed, and the ids of
   * those that left the view (moved out, or out of the filters).
   */
  drivers: 'drivers',
  /**
   * `{trips}`: the trips waiting or in progress in view (as live-trips
   * answers), first on opening, then again whenever trips changed.
   */
  trips: 'trips',
  ping: 'ping',
  /** The session ended: the stream closes and should not reopen. */
  end: 'end',
} as const;

export const liveStreamDriversSchema = z.object({
  snapshot: z.boolean(),
  drivers: z.array(mapDriverSchema),
  removed: z.array(int()),
});
export type LiveStreamDrivers = z.infer<typeof liveStreamDriversSchema>;

export const liveStreamTripsSchema = z.object({ trips: z.array(liveTripSchema) });

/**
 * A single-use ticket that opens live-stream once (EventSource cannot send
 * the bearer header): the same tickets as notification-stream's.
 */
export const liveStream = liveMapCalls.get('live-stream', {
  summary:
    "The live map's drivers and trips as server-sent events (LIVE_STREAM_EVENTS) for a viewport and filters: every driver in view first, then each change within a second or so of its fix; the trips in view on opening and again whenever trips change. Opened with a ticket from notification-stream-ticket, not a bearer token.",
  input: liveViewSchema.extend({ ticket: z.string().optional() }),
  data: z.null(),
  stream: true,
  public: true,
});

const liveDriverCardSchema = z.object({
  id: int(),
  name: z.string(),
  phone: z.string().nullable(),
  company: z.object({ id: int(), name: z.string() }).nullable(),
  vehicle: z
    .object({
      id: int(),
      license_number: z.string(),
      model: z.string(),
      color: z.string(),
      service_type: z.string(),
    })
    .nullable(),
  /** The trip they are on (Accepted or Started), if any. */
  ride: z
    .object({
      id: int(),
      ride_status: rideStatusSchema,
      pickup_address: z.string(),
      drop_address: z.string(),
    })
    .nullable(),
  fix: z.object({
    lat: z.number(),
    lng: z.number(),
    state: z.enum(POSITION_STATES),
    heading: z.number().nullable(),
    speed: z.number().nullable(),
    at: z.string(),
  }),
});
export type LiveDriverCard = z.infer<typeof liveDriverCardSchema>;

export const liveDriver = liveMapCalls.get('live-driver', {
  summary:
    "A driver's card on the live map: their company, vehicle, current trip and latest fix (404 when they have none).",
  input: z.object({ driver_id: idSchema }),
  data: liveDriverCardSchema,
});

/** The most drivers a live search answers. */
export const LIVE_SEARCH_LIMIT = 10;

export const liveSearch = liveMapCalls.get('live-search', {
  summary: `Drivers with a position whose name or vehicle plate holds the text, at most ${LIVE_SEARCH_LIMIT}.`,
  input: z.object({
    search: z
      .string({ error: 'search must be text.' })
      .trim()
      .min(2, 'search must be at least 2 characters.')
      .max(100, 'search must be at most 100 characters.'),
  }),
  data: z.array(mapDriverSchema.extend({ license_number: z.string().nullable() })),
});

/**
 * Where `/live?ride=<id>` flies: the trip's driver while they have a
 * position, else its pickup when the marketplace sent its coordinates.
 */
export const liveRide = liveMapCalls.get('live-ride', {
  summary:
    "Where a trip is on the live map: its driver's latest position while it has a driver, else its pickup point; null when Cabdesk knows neither.",
  input: z.object({ ride_id: idSchema }),
  data: z.object({
    id: int(),
    ride_status: rideStatusSchema,
    driver_id: int().nullable(),
    pickup_address: z.string(),
    drop_address: z.string(),
    /** Where to look: the driver's latest fix, else the pickup; null when neither is known. */
    focus: z
      .object({ lat: z.number(), lng: z.number(), of: z.enum(['driver', 'pickup']) })
      .nullable(),
  }),
});

/** The most trips one live-trips answer holds (the oldest first: those waiting longest). */
export const LIVE_TRIPS_LIMIT = 2000;

export const liveTrips = liveMapCalls.get('live-trips', {
  summary: `Trips waiting for a driver or in progress whose pickup or drop-off is within bbox (all when absent), with their points, at most ${LIVE_TRIPS_LIMIT}, oldest first.`,
  input: z.object({ bbox: optionalQuery(bboxSchema) }),
  data: z.array(liveTripSchema),
});
