import {
  LIVE_STREAM_EVENTS,
  liveStream,
  liveStreamDriversSchema,
  liveStreamTripsSchema,
  notificationStreamTicket,
  urlOf,
  type LiveTrip,
  type LiveView,
  type MapDriver,
} from '@cabdesk/contract';
import { useEffect, useRef } from 'react';
import { UnauthorizedError } from '@/lib/api-client';
import { call, queryString } from '@/lib/call';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** The drivers a stream has sent, by id: the newest fix of each. */
export type DriverIndex = Map<number, MapDriver>;

/**
 * Applies one batch of the stream: a snapshot replaces everything, a change
 * keeps each driver's newer fix (a batch held back behind the snapshot can be
 * older than it), and those who left the view go.
 */
export function applyBatch(
  drivers: DriverIndex,
  batch: { snapshot: boolean; drivers: MapDriver[]; removed: number[] },
): DriverIndex {
  const next: DriverIndex = batch.snapshot ? new Map() : new Map(drivers);
  for (const driver of batch.drivers) {
    const held = next.get(driver.id);
    if (!held || Date.parse(held.at) <= Date.parse(driver.at)) next.set(driver.id, driver);
  }
  for (const id of batch.removed) next.delete(id);
  return next;
}

/** What a live map stream hands on: each state of the drivers in view, and of the trips. */
type LiveStreamHandlers = {
  onDrivers: (drivers: DriverIndex) => void;
  onTrips: (trips: LiveTrip[]) => void;
};

/**
 * Keeps a live map stream open for `view` (a viewport and filters; null:
 * none yet) and hands what it sends to `handlers`. A new
 * view opens a new stream, which starts with a snapshot. EventSource cannot
 * send the bearer header: each connection spends a fresh single-use ticket,
 * and after a drop it reconnects with a new one.
 */
export function useLiveStream(view: LiveView | null, handlers: LiveStreamHandlers) {
  const deliver = useRef(handlers);
  useEffect(() => {
    deliver.current = handlers;
  }, [handlers]);
  const key = view ? queryString(view) : null;

  useEffect(() => {
    if (key === null || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    let drivers: DriverIndex = new Map();

    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };

    const connect = async () => {
      let ticket: string;
      try {
        ({ ticket } = await call(notificationStreamTicket));
      } catch (error) {
        if (!(error instanceof UnauthorizedError)) retry();
        return;
      }
      if (stopped) return;
      const url = new URL(`${urlOf(liveStream)}${key}`, window.location.origin);
      url.searchParams.set('ticket', ticket);
      source = new EventSource(url);
      source.addEventListener('open', () => {
        retryMs = RETRY_MIN_MS;
      });
      source.addEventListener(LIVE_STREAM_EVENTS.drivers, (event) => {
        const parsed = liveStreamDriversSchema.safeParse(
          JSON.parse((event as MessageEvent<string>).data),
        );
        if (!parsed.success) return;
        drivers = applyBatch(drivers, parsed.data);
        deliver.current.onDrivers(drivers);
      });
      source.addEventListener(LIVE_STREAM_EVENTS.trips, (event) => {
        const parsed = liveStreamTripsSchema.safeParse(
          JSON.parse((event as MessageEvent<string>).data),
        );
        if (parsed.success) deliver.current.onTrips(parsed.data.trips);
      });
      source.addEventListener(LIVE_STREAM_EVENTS.end, () => source?.close());
      source.addEventListener('error', () => {
        // The ticket is spent: the browser's own reconnect would be refused, so we make a new one.
        source?.close();
        retry();
      });
    };

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [key]);
}
