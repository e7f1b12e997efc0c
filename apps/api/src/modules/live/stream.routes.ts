import {
  LIVE_MAP_MESSAGES,
  LIVE_STREAM_EVENTS,
  liveDriver,
  liveRide,
  liveSearch,
  liveStream,
  liveTrips,
  mapStyle,
  RIDE_MESSAGES,
  type LiveStreamDrivers,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { openEventStream } from '../../lib/event-stream';
import { route } from '../../lib/route';
import { liveSession, redeemStreamTicket } from '../notifications';
import { ownMapStyle } from './map-style';
import { batchFor } from './stream-feed';
import {
  driverCardOf,
  driversInView,
  rideFocusOf,
  searchDrivers,
  tripsInView,
  type LiveView,
} from './stream.repository';

/** Longer than any ticket we issue: refused without touching the database. */
const MAX_TICKET_LENGTH = 200;

/** Keep-alive comment interval of the stream, under common proxy idle limits. */
const PING_MS = 25_000;

/** One server-sent event; data is JSON on one line. */
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Sends the trips in `bbox` as a `trips` event each time `send` is called,
 * one read at a time: a call during a read reads once more after it, and a
 * list that did not change is not sent again.
 */
function tripsOfView(
  db: Db,
  bbox: LiveView['bbox'],
  write: (chunk: string) => void,
  onError: (err: unknown) => void,
) {
  let reading = false;
  let again = false;
  let last = '';
  const read = async () => {
    reading = true;
    try {
      do {
        again = false;
        const event = sse(LIVE_STREAM_EVENTS.trips, { trips: await tripsInView(db, bbox) });
        if (event !== last) write(event);
        last = event;
      } while (again);
    } catch (err) {
      onError(err);
    } finally {
      reading = false;
    }
  };
  return {
    send() {
      if (reading) again = true;
      else void read();
    },
  };
}

/** The live map (issue 46): its basemap, its stream, a driver's card, the search, a trip's place. */
export async function liveMapRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, mapStyle, (request) => {
    const { mapStyleUrl, mapStyleDarkUrl } = app.config.live;
    const styleUrl =
      (request.query.scheme === 'dark' ? (mapStyleDarkUrl ?? mapStyleUrl) : mapStyleUrl) ?? null;
    return {
      status: true as const,
      message: LIVE_MAP_MESSAGES.styleFetched,
      data: {
        style_url: styleUrl,
        style: styleUrl === null ? ownMapStyle(request.query.scheme ?? 'light') : null,
      },
    };
  });

  // EventSource sends no Authorization header: the stream is opened with a
  // single-use ticket (notification-stream-ticket), never with the bearer token.
  route(app, liveStream, async (request, reply) => {
    const { ticket, ...view } = request.query;
    const session =
      ticket && ticket.length <= MAX_TICKET_LENGTH
        ? await redeemStreamTicket(db, ticket, app.config.session)
        : null;
    if (!session) throw new HttpError(401, LIVE_MAP_MESSAGES.badTicket);

    const raw = openEventStream(reply);

    let open = true;
    // What the feed sends before the first batch is written waits behind it.
    let held: LiveStreamDrivers[] | null = [];
    const write = (chunk: string) => {
      if (open) raw.write(chunk);
    };
    const sendBatch = (batch: LiveStreamDrivers) => {
      if (held) held.push(batch);
      else write(sse(LIVE_STREAM_EVENTS.drivers, batch));
    };
    const close = (reason?: string) => {
      if (!open) return;
      if (reason) write(sse(LIVE_STREAM_EVENTS.end, { reason }));
      open = false;
      clearInterval(ping);
      unsubscribe();
      unsubscribeTrips();
      raw.end();
    };
    const viewer = {
      sessionId: session.sessionId,
      adminId: session.adminId,
      view,
      shown: new Map<number, number>(),
      send: sendBatch,
      close,
    };
    const unsubscribe = app.liveFeed.subscribe(viewer);
    const trips = tripsOfView(db, view.bbox, write, (err) =>
      request.log.warn({ err }, 'live map stream trips failed'),
    );
    // Trips change with trip events, told at most once a batch (the record changes' NOTIFY).
    const unsubscribeTrips = app.recordChanges.subscribe({
      role: session.role,
      send: (kinds) => {
        if (kinds.includes('rides')) trips.send();
      },
    });
    const ping = setInterval(() => {
      void liveSession(db, session.sessionId, app.config.session).then(
        (live) => {
          if (!live) close('session ended');
          else write(sse(LIVE_STREAM_EVENTS.ping, { at: new Date().toISOString() }));
        },
        (err: unknown) => request.log.warn({ err }, 'live map stream session check failed'),
      );
    }, PING_MS);
    raw.on('close', () => close());

    try {
      const drivers = await driversInView(db, view);
      const first = batchFor(viewer, drivers);
      write(
        sse(LIVE_STREAM_EVENTS.drivers, {
          snapshot: true,
          drivers: first?.drivers ?? [],
          removed: [],
        }),
      );
      const waiting = held;
      held = null;
      for (const batch of waiting) write(sse(LIVE_STREAM_EVENTS.drivers, batch));
      trips.send();
    } catch (err) {
      request.log.warn({ err }, 'live map stream snapshot failed');
      close();
    }
  });

  route(app, liveDriver, async (request) => {
    const card = await driverCardOf(db, request.query.driver_id);
    if (!card) throw new HttpError(404, LIVE_MAP_MESSAGES.driverNotFound);
    return { status: true as const, message: LIVE_MAP_MESSAGES.driverFetched, data: card };
  });

  route(app, liveSearch, async (request) => ({
    status: true as const,
    message: LIVE_MAP_MESSAGES.searchDone,
    data: await searchDrivers(db, request.query.search),
  }));

  route(app, liveTrips, async (request) => ({
    status: true as const,
    message: LIVE_MAP_MESSAGES.tripsFetched,
    data: await tripsInView(db, request.query.bbox),
  }));

  route(app, liveRide, async (request) => {
    const found = await rideFocusOf(db, request.query.ride_id);
    if (!found) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    return { status: true as const, message: LIVE_MAP_MESSAGES.rideFetched, data: found };
  });
}
