import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NOTIFICATION_CHANNEL, type LiveNotification } from '../../lib/notify';
import { rowsOf } from '../../lib/sql';
import { onRevocation } from '../auth';
import { mutedBy } from './notifications.repository';
import { createPushSender, type PushSender, type PushServiceOptions } from './push';

export type NotificationOptions = {
  /** Keep-alive comment interval of the live stream (default 25 s, under common proxy idle limits). */
  pingMs?: number;
  /** Seconds a stream ticket stays valid (default 60). */
  ticketTtlSeconds?: number;
} & PushServiceOptions;

/**
 * Open streams per session, on each instance. A new one beyond it ends the
 * oldest rather than being refused: a stream whose client vanished without
 * closing the connection (a laptop put to sleep, a dropped network) stays
 * open here until TCP gives up, many minutes later, and refusing would lock
 * the administrator's new tab out behind such ghosts. The ended tab gets the
 * `end` event, on which the web app stops, so two tabs never take turns.
 */
const MAX_STREAMS_PER_SESSION = 5;

type Listener = {
  sessionId: number;
  adminId: number;
  send: (notification: LiveNotification) => void;
  /**
   * Ends the stream: with a reason, an `end` event first (the session ended,
   * or too many streams) and the client should not reopen; without one, the
   * server is closing and the client may reconnect elsewhere.
   */
  close: (reason?: string) => void;
};

/** Fans each committed notification out to this instance's live streams, and to Web Push. */
type NotificationHub = {
  readonly options: { pingMs: number; ticketTtlSeconds: number };
  readonly push: PushSender;
  /** Adds a live stream, ending the session's oldest beyond the limit; answers the function that removes it. */
  subscribe(listener: Listener): () => void;
  /** How many streams this instance serves. */
  size(): number;
  /** Resolves when every push of the notifications seen so far has been attempted (tests). */
  settled(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

export const notificationHubPlugin = fp<NotificationOptions>(
  async (app: FastifyInstance, options) => {
    const listeners = new Set<Listener>();
    const push = createPushSender({
      config: app.config,
      database: app.database,
      log: app.log,
      pushCa: options.pushCa,
      allowPrivatePushHosts: options.allowPrivatePushHosts,
    });
    let pending = new Set<Promise<unknown>>();

    const onPayload = (payload: string) => {
      let notification: LiveNotification;
      try {
        notification = JSON.parse(payload) as LiveNotification;
      } catch {
        app.log.warn('ignored a malformed notification payload');
        return;
      }
      const fanOut = (muted: ReadonlySet<number>) => {
        for (const listener of listeners) {
          const addressed =
            notification.admin_id === null || notification.admin_id === listener.adminId;
          if (
            addressed &&
            notification.author_id !== listener.adminId &&
            !muted.has(listener.adminId)
          ) {
            listener.send(notification);
          }
        }
      };
      // A kind some administrators muted reaches none of their screens (issue 45).
      const kind = notification.kind;
      if (kind && listeners.size > 0) {
        const fanned = rowsOf<{ id: number }>(app.database.db, mutedBy(kind))
          .then((rows) => fanOut(new Set(rows.map((row) => row.id))))
          .catch((err: unknown) => app.log.warn({ err }, 'live notification fan-out failed'))
          .finally(() => pending.delete(fanned));
        pending.add(fanned);
      } else {
        fanOut(new Set());
      }
      // Every instance hears every NOTIFY; the database lets exactly one of them push.
      const delivery = push
        .deliver(notification)
        .catch((err: unknown) => app.log.warn({ err }, 'push delivery failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    };

    const unlisten = await app.database.listen(NOTIFICATION_CHANNEL, onPayload);
    // Logout, password change or any revocation, on any instance: the session's streams end now.
    const unlistenRevocations = await onRevocation(app.database, (revoked) => {
      for (const listener of [...listeners]) {
        if (
          'session_id' in revoked
            ? listener.sessionId === revoked.session_id
            : listener.adminId === revoked.admin_id
        ) {
          listener.close('session ended');
        }
      }
    });

    app.decorate('notificationHub', {
      options: {
        pingMs: options.pingMs ?? 25_000,
        ticketTtlSeconds: options.ticketTtlSeconds ?? 60,
      },
      push,
      subscribe(listener) {
        // A Set iterates in insertion order: the session's oldest stream comes first.
        const ofSession = [...listeners].filter((l) => l.sessionId === listener.sessionId);
        const excess = ofSession.length + 1 - MAX_STREAMS_PER_SESSION;
        for (const oldest of ofSession.slice(0, Math.max(excess, 0))) {
          oldest.close('too many streams');
        }
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      size: () => listeners.size,
      async settled() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
    } satisfies NotificationHub);

    // Streams are closed in preClose so close() does not wait on them forever.
    app.addHook('preClose', async () => {
      for (const listener of [...listeners]) {
        listeners.delete(listener);
        listener.close();
      }
      await unlisten();
      await unlistenRevocations();
      await Promise.all([...pending]);
      pending = new Set();
      push.close();
    });
  },
  { name: 'notification-hub' },
);
