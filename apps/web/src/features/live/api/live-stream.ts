import {
  LIVE_STREAM_EVENTS,
  liveStream,
  liveStreamDriversSchema,
  liveStreamTripsSchema,
  urlOf,
  type LiveTrip,
  type LiveView,
  type MapDriver,
} from '@cabdesk/contract';
import { useEffect, useRef } from 'react';
import { queryString } from '@/lib/call';
import { openTicketedStream } from '@/lib/ticketed-stream';

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
 * view opens a new stream, which starts with a snapshot; after a drop it
 * reconnects (lib/ticketed-stream).
 */
export function useLiveStream(view: LiveView | null, handlers: LiveStreamHandlers) {
  const deliver = useRef(handlers);
  useEffect(() => {
    deliver.current = handlers;
  }, [handlers]);
  const key = view ? queryString(view) : null;

  useEffect(() => {
    if (key === null || typeof EventSource === 'undefined') return;
    let drivers: DriverIndex = new Map();
    return openTicketedStream(
      (ticket) => {
        const url = new URL(`${urlOf(liveStream)}${key}`, window.location.origin);
        url.searchParams.set('ticket', ticket);
        return url;
      },
      {
        [LIVE_STREAM_EVENTS.drivers]: (data) => {
          const parsed = liveStreamDriversSchema.safeParse(data);
          if (!parsed.success) return;
          drivers = applyBatch(drivers, parsed.data);
          deliver.current.onDrivers(drivers);
        },
        [LIVE_STREAM_EVENTS.trips]: (data) => {
          const parsed = liveStreamTripsSchema.safeParse(data);
          if (parsed.success) deliver.current.onTrips(parsed.data.trips);
        },
      },
      LIVE_STREAM_EVENTS.end,
    );
  }, [key]);
}
