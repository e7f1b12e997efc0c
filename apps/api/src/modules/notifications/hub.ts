import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NOTIFICATION_CHANNEL, type LiveNotification } from './notify';
import { createPushSender, type PushSender, type PushServiceOptions } from './push';

export type NotificationOptions = {
  /** Keep-alive comment interval of the live stream (default 25 s, under common proxy idle limits). */
  pingMs?: number;
  /** Seconds a stream ticket stays valid (default 60). */
  ticketTtlSeconds?: number;
} & PushServiceOptions;

type Listener = {
  adminId: number;
  send: (notification: LiveNotification) => void;
  /** Ends the stream (the server is closing). */
  close: () => void;
};

/** Fans each committed notification out to this instance's live streams, and to Web Push. */
export type NotificationHub = {
  readonly options: { pingMs: number; ticketTtlSeconds: number };
  readonly push: PushSender;
  /** Adds a live stream; answers the function that removes it. */
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
      for (const listener of listeners) {
        if (notification.admin_id === null || notification.admin_id === listener.adminId) {
          listener.send(notification);
        }
      }
      // Every instance hears every NOTIFY; the database lets exactly one of them push.
      const delivery = push
        .deliver(notification)
        .catch((err: unknown) => app.log.warn({ err }, 'push delivery failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    };

    const unlisten = await app.database.listen(NOTIFICATION_CHANNEL, onPayload);

    app.decorate('notificationHub', {
      options: {
        pingMs: options.pingMs ?? 25_000,
        ticketTtlSeconds: options.ticketTtlSeconds ?? 60,
      },
      push,
      subscribe(listener) {
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
      await Promise.all([...pending]);
      pending = new Set();
      push.close();
    });
  },
  { name: 'notification-hub' },
);
