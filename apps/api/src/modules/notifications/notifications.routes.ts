import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_MESSAGES,
  notificationList,
  notificationRead,
  notificationSettingsGet,
  notificationSettingsUpdate,
  notificationStream,
  notificationStreamTicket,
  pushPublicKey,
  type Notification,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import {
  countUnread,
  issueStreamTicket,
  listNotifications,
  liveSession,
  markAllRead,
  markRead,
  mutedKinds,
  redeemStreamTicket,
  setMutedKinds,
} from './notifications.repository';
import { openEventStream } from '../../lib/event-stream';
import type { LiveNotification } from '../../lib/notify';

/** Longer than any ticket we issue: refused without touching the database. */
const MAX_TICKET_LENGTH = 200;

/** How many of the latest notifications the header dropdown lists. */
const LATEST = 20;

/** One server-sent event; data is JSON on one line. */
const sse = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const asUnread = (n: LiveNotification): Notification => ({
  id: n.id,
  title: n.title,
  message: n.message,
  text: n.text,
  link: n.link,
  created_at: n.created_at,
  read_at: null,
});

export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const hub = app.notificationHub;

  route(app, notificationList, async (request) => {
    const { adminId } = sessionOf(request);
    const [data, unread] = await Promise.all([
      listNotifications(db, adminId, { limit: LATEST }),
      countUnread(db, adminId),
    ]);
    return {
      status: true,
      message: 'Notifications fetched successfully.',
      data: { data, unread_count: unread },
    };
  });

  route(app, notificationRead, async (request) => {
    const { adminId } = sessionOf(request);
    const { notification_id: id } = request.body;
    const unread = await db.transaction(async (tx) => {
      if (id !== undefined) {
        if (!(await markRead(tx, adminId, id))) {
          throw new HttpError(404, NOTIFICATION_MESSAGES.notFound);
        }
        await audit(tx, request, {
          action: 'notification_read',
          tableName: 'notifications',
          recordId: id,
        });
      } else {
        const marked = await markAllRead(tx, adminId);
        await audit(tx, request, {
          action: 'notification_read_all',
          tableName: 'notifications',
          after: { marked },
        });
      }
      return countUnread(tx, adminId);
    });
    return {
      status: true,
      message:
        id !== undefined ? NOTIFICATION_MESSAGES.markRead : NOTIFICATION_MESSAGES.markAllRead,
      data: { unread_count: unread },
    };
  });

  route(app, notificationSettingsGet, async (request) => {
    const { adminId } = sessionOf(request);
    return {
      status: true,
      message: NOTIFICATION_MESSAGES.settings,
      data: { muted_kinds: await mutedKinds(db, adminId) },
    };
  });

  route(app, notificationSettingsUpdate, async (request) => {
    const { adminId } = sessionOf(request);
    const muted = [...new Set(request.body.muted_kinds)].sort();
    await db.transaction(async (tx) => {
      const before = await setMutedKinds(tx, adminId, muted);
      await audit(tx, request, {
        action: 'notification_mute',
        tableName: 'admins',
        recordId: adminId,
        before: { muted_kinds: before },
        after: { muted_kinds: muted },
      });
    });
    return {
      status: true,
      message: NOTIFICATION_MESSAGES.settingsSaved,
      data: { muted_kinds: muted },
    };
  });

  route(app, notificationStreamTicket, async (request) => {
    const session = sessionOf(request);
    const ttl = hub.options.ticketTtlSeconds;
    const ticket = await issueStreamTicket(db, session.id, ttl);
    return {
      status: true,
      message: NOTIFICATION_MESSAGES.streamTicket,
      data: { ticket, expires_in: ttl },
    };
  });

  // EventSource sends no Authorization header: the stream is opened with a
  // single-use ticket from the call above, never with the bearer token.
  route(app, notificationStream, async (request, reply) => {
    const { ticket } = request.query;
    const session =
      ticket && ticket.length <= MAX_TICKET_LENGTH
        ? await redeemStreamTicket(db, ticket, app.config.session)
        : null;
    if (!session) throw new HttpError(401, NOTIFICATION_MESSAGES.badTicket);
    const lastEventId = Number(request.headers['last-event-id']);
    const after = request.query.after ?? (Number.isInteger(lastEventId) ? lastEventId : undefined);

    const raw = openEventStream(reply);

    let open = true;
    const write = (chunk: string) => {
      if (open) raw.write(chunk);
    };
    const close = (reason?: string) => {
      if (!open) return;
      if (reason) write(sse(NOTIFICATION_EVENTS.end, { reason }));
      open = false;
      clearInterval(ping);
      unsubscribe();
      unsubscribeChanges();
      raw.end();
    };
    const unsubscribe = hub.subscribe({
      sessionId: session.sessionId,
      adminId: session.adminId,
      send: (n) => write(sse(NOTIFICATION_EVENTS.notification, asUnread(n), n.id)),
      close,
    });
    // Records changed (issue 46): the same stream tells open lists to refresh, one EventSource a tab.
    const unsubscribeChanges = app.recordChanges.subscribe({
      role: session.role,
      send: (kinds) => write(sse(NOTIFICATION_EVENTS.changes, { kinds })),
    });
    // A revocation ends the stream at once (the hub hears it). This check
    // covers one committed before the hub knew of this stream; repeated with
    // the keep-alive, it ends the stream once the session expires.
    const sessionEnded = () =>
      liveSession(db, session.sessionId, app.config.session).then(
        (live) => {
          if (!live) close('session ended');
          return !live;
        },
        (err: unknown) => {
          request.log.warn({ err }, 'notification stream session check failed');
          return false;
        },
      );
    const ping = setInterval(() => {
      void sessionEnded().then((ended) => {
        if (!ended) write(sse(NOTIFICATION_EVENTS.ping, { at: new Date().toISOString() }));
      });
    }, hub.options.pingMs);
    raw.on('close', () => close());
    if (await sessionEnded()) return;

    if (after !== undefined) {
      // What arrived while the client was away, oldest first: what the live
      // stream would have sent, so no muted kind and no own action (issue 45).
      const missed = await listNotifications(db, session.adminId, {
        limit: LATEST,
        afterId: after,
        loud: true,
      });
      for (const n of missed.reverse()) write(sse(NOTIFICATION_EVENTS.notification, n, n.id));
    }
  });
}

/** The VAPID public key, served outside the admin API. */
export async function pushKeyRoutes(app: FastifyInstance) {
  const hub = app.notificationHub;
  route(app, pushPublicKey, async () => ({
    status: true,
    message: 'Push public key.',
    data: { public_key: hub.push.publicKey },
  }));
}
