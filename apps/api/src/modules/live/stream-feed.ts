import type { LiveStreamDrivers, MapDriver } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onRevocation } from '../auth';
import {
  databaseNow,
  inView,
  positionsWrittenSince,
  type FeedDriver,
  type LiveView,
} from './stream.repository';

/** How often each instance reads the positions written since its last look. */
const POLL_MS = 1000;

/**
 * How far before its cursor each look reads again: a write stamped before the
 * cursor can commit after the look that set it. A driver already sent with
 * that fix is not sent twice.
 */
const LOOK_BACK_MS = 1000;

/** One open live map stream on this instance. */
export interface Viewer {
  sessionId: number;
  adminId: number;
  view: LiveView;
  /**
   * The drivers this stream has shown and not removed, with the time of the
   * fix it sent: who must hear they left the view, and what it has already.
   */
  shown: Map<number, number>;
  send: (batch: LiveStreamDrivers) => void;
  /** Ends the stream; with a reason, an `end` event first and the client should not reopen. */
  close: (reason?: string) => void;
}

/**
 * Fans drivers' new positions out to this instance's live map streams.
 * Between instances there is no notification per fix (issue 46): while it
 * has streams, each instance reads, once a second, the positions written
 * since its cursor (an index on driver_positions.received_at), whichever
 * instance wrote them.
 */
interface LiveFeed {
  /** Adds a stream; answers the function that removes it. */
  subscribe(viewer: Viewer): () => void;
  size(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveFeed: LiveFeed;
  }
}

const asMapDriver = ({ company_id: _c, service_type_id: _s, ...driver }: FeedDriver): MapDriver =>
  driver;

/** What `viewer` must hear of `changed`: who moved in or within the view, and who left it. */
export function batchFor(viewer: Viewer, changed: readonly FeedDriver[]): LiveStreamDrivers | null {
  const drivers: MapDriver[] = [];
  const removed: number[] = [];
  for (const driver of changed) {
    if (inView(driver, viewer.view)) {
      const at = Date.parse(driver.at);
      if ((viewer.shown.get(driver.id) ?? -Infinity) >= at) continue;
      viewer.shown.set(driver.id, at);
      drivers.push(asMapDriver(driver));
    } else if (viewer.shown.delete(driver.id)) {
      removed.push(driver.id);
    }
  }
  return drivers.length + removed.length > 0 ? { snapshot: false, drivers, removed } : null;
}

export const liveFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const viewers = new Set<Viewer>();
    /** The newest write seen; null while this instance has no stream. */
    let cursor: string | null = null;
    /** Each driver's fix time last fanned out: a look back sends nothing twice. */
    const sentAt = new Map<number, number>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let looking: Promise<void> | undefined;
    let closing = false;

    /** The clock read when the first stream came: writes after it are that stream's news. */
    let starting: Promise<void> | null = null;
    const start = () => {
      starting = databaseNow(db)
        .then((now) => {
          cursor ??= now;
        })
        .catch((err: unknown) => app.log.warn({ err }, 'live map feed start failed'))
        .finally(() => {
          starting = null;
        });
    };

    const look = async () => {
      if (starting) await starting;
      if (cursor === null) cursor = await databaseNow(db);
      const { drivers, newest } = await positionsWrittenSince(db, cursor, LOOK_BACK_MS);
      if (newest !== null && Date.parse(newest) > Date.parse(cursor)) cursor = newest;
      const changed = drivers.filter((driver) => {
        const at = Date.parse(driver.at);
        if ((sentAt.get(driver.id) ?? -Infinity) >= at) return false;
        sentAt.set(driver.id, at);
        return true;
      });
      if (changed.length === 0) return;
      for (const viewer of viewers) {
        const batch = batchFor(viewer, changed);
        if (batch) viewer.send(batch);
      }
    };

    const schedule = () => {
      if (closing || viewers.size === 0 || timer) return;
      timer = setTimeout(() => {
        looking = look()
          .catch((err: unknown) => app.log.warn({ err }, 'live map feed look failed'))
          .finally(() => {
            timer = undefined;
            looking = undefined;
            schedule();
          });
      }, POLL_MS);
    };

    const unlistenRevocations = await onRevocation(app.database, (revoked) => {
      for (const viewer of [...viewers]) {
        if (
          'session_id' in revoked
            ? viewer.sessionId === revoked.session_id
            : viewer.adminId === revoked.admin_id
        ) {
          viewer.close('session ended');
        }
      }
    });

    app.decorate('liveFeed', {
      subscribe(viewer) {
        viewers.add(viewer);
        if (cursor === null && !starting) start();
        schedule();
        return () => {
          viewers.delete(viewer);
          if (viewers.size === 0) {
            // Nobody watches: the next stream starts from the clock, not from a stale cursor.
            cursor = null;
            sentAt.clear();
          }
        };
      },
      size: () => viewers.size,
    } satisfies LiveFeed);

    app.addHook('preClose', async () => {
      closing = true;
      for (const viewer of [...viewers]) viewer.close();
      viewers.clear();
      clearTimeout(timer);
      await looking;
      await unlistenRevocations();
    });
  },
  { name: 'live-feed' },
);
