import type { Notification, NotificationKind, Role } from '@cabdesk/contract';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  admins,
  adminSessions,
  notificationReads,
  notifications,
  notificationStreamTickets,
} from '../../db/schema';
import { arrayLiteral } from '../../lib/sql';
import { hashToken, newToken } from '../../lib/tokens';
import { idleSecondsOf, sessionIsLive } from '../auth';
import type { LiveNotification } from '../../lib/notify';

/** Notifications addressed to everyone or to this administrator. */
const visibleTo = (adminId: number) =>
  or(isNull(notifications.adminId), eq(notifications.adminId, adminId));

/**
 * A notification that never counts as unread for this admin: one announcing
 * their own action, or of a kind they muted (issue 45). It stays in the list,
 * read since it was made.
 */
const quietFor = (adminId: number) =>
  sql`(${notifications.authorId} is not distinct from ${adminId}
       or ${notifications.kind} = any(select unnest(muted_notification_kinds) from admins where id = ${adminId}))`;

/**
 * The newest notifications this admin may see, with this admin's read state.
 * `loud`: only those the live stream would have sent (not the admin's own
 * actions, no muted kind), for the catch-up after a reconnection.
 */
export async function listNotifications(
  db: Db,
  adminId: number,
  options: { limit: number; afterId?: number; loud?: boolean },
): Promise<Notification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      text: notifications.text,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: sql<Date | null>`coalesce(${notificationReads.readAt},
        case when ${quietFor(adminId)} then ${notifications.createdAt} end)`.mapWith(
        notificationReads.readAt,
      ),
    })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(
        eq(notificationReads.notificationId, notifications.id),
        eq(notificationReads.adminId, adminId),
      ),
    )
    .where(
      and(
        visibleTo(adminId),
        options.afterId === undefined ? undefined : gt(notifications.id, options.afterId),
        options.loud ? sql`not ${quietFor(adminId)}` : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
  return rows.map((n) => ({
    id: n.id,
    title: n.title,
    message: n.message,
    text: n.text,
    link: n.link,
    created_at: n.createdAt.toISOString(),
    read_at: n.readAt?.toISOString() ?? null,
  }));
}

export async function countUnread(db: Db | Tx, adminId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        visibleTo(adminId),
        sql`not ${quietFor(adminId)}`,
        sql`not exists (select 1 from ${notificationReads} r
                        where r.notification_id = ${notifications.id} and r.admin_id = ${adminId})`,
      ),
    );
  return row?.n ?? 0;
}

/** Marks one notification read for this admin; false when the admin cannot see it. */
export async function markRead(tx: Tx, adminId: number, notificationId: number): Promise<boolean> {
  const [found] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), visibleTo(adminId)));
  if (!found) return false;
  await tx
    .insert(notificationReads)
    .values({ notificationId, adminId })
    .onConflictDoNothing({ target: [notificationReads.adminId, notificationReads.notificationId] });
  return true;
}

/** Marks every notification this admin can see as read; answers how many changed. */
export async function markAllRead(tx: Tx, adminId: number): Promise<number> {
  const inserted = await tx
    .insert(notificationReads)
    .select(
      tx
        .select({
          notificationId: notifications.id,
          adminId: sql<number>`${adminId}::int`.as('admin_id'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(notifications)
        .where(visibleTo(adminId)),
    )
    .onConflictDoNothing({ target: [notificationReads.adminId, notificationReads.notificationId] })
    .returning({ id: notificationReads.notificationId });
  return inserted.length;
}

/** A single-use ticket for the live stream of this session, valid `ttlSeconds`. */
export async function issueStreamTicket(
  db: Db,
  sessionId: number,
  ttlSeconds: number,
): Promise<string> {
  const ticket = newToken();
  await db.transaction(async (tx) => {
    // Spent and stale tickets are dropped as new ones are issued: the table stays tiny.
    await tx
      .delete(notificationStreamTickets)
      .where(sql`${notificationStreamTickets.expiresAt} < now() - interval '1 hour'`);
    await tx.insert(notificationStreamTickets).values({
      tokenHash: hashToken(ticket),
      sessionId,
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
  });
  return ticket;
}

/**
 * Spends a ticket: answers its session when the ticket is unused, unexpired,
 * and the session is still live; null otherwise. A ticket works once.
 */
export async function redeemStreamTicket(
  db: Db,
  ticket: string,
  policy: { idleMs: number },
): Promise<StreamSession | null> {
  const [spent] = await db
    .update(notificationStreamTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(notificationStreamTickets.tokenHash, hashToken(ticket)),
        isNull(notificationStreamTickets.usedAt),
        sql`${notificationStreamTickets.expiresAt} > now()`,
      ),
    )
    .returning({ sessionId: notificationStreamTickets.sessionId });
  if (!spent) return null;
  return liveSession(db, spent.sessionId, policy);
}

/** A stream's session: whose it is, and their role (what they may hear). */
type StreamSession = { sessionId: number; adminId: number; role: Role };

/** The session, if live: not revoked, not expired, not idle too long. */
export async function liveSession(
  db: Db,
  sessionId: number,
  policy: { idleMs: number },
): Promise<StreamSession | null> {
  const [row] = await db
    .select({ sessionId: adminSessions.id, adminId: adminSessions.adminId, role: admins.role })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.id, sessionId), sessionIsLive(idleSecondsOf(policy))));
  return row ?? null;
}

/**
 * Claims the Web Push delivery of a notification: exactly one caller (of any
 * API instance) gets the row; the others get null.
 */
export async function claimPush(db: Db, notificationId: number) {
  const [row] = await db
    .update(notifications)
    .set({ pushedAt: sql`now()` })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.pushedAt)))
    .returning();
  return row ?? null;
}

/** The distinct push subscriptions of live sessions that may see a notification for `adminId`. */
export async function pushSubscriptions(
  db: Db,
  {
    admin_id: adminId,
    author_id: authorId,
    kind,
    push_roles: roles,
  }: Pick<LiveNotification, 'admin_id' | 'author_id' | 'kind'> & {
    push_roles?: LiveNotification['push_roles'];
  },
  policy: { idleMs: number },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ token: adminSessions.deviceToken })
    .from(adminSessions)
    .where(
      and(
        sql`${adminSessions.deviceToken} is not null and ${adminSessions.deviceToken} <> ''`,
        sessionIsLive(idleSecondsOf(policy)),
        adminId === null ? undefined : eq(adminSessions.adminId, adminId),
        authorId === null ? undefined : ne(adminSessions.adminId, authorId),
        kind === null ? undefined : sql`${adminSessions.adminId} not in (${mutedBy(kind)})`,
        roles
          ? sql`${adminSessions.adminId} in (select id from admins
                where role::text = any(${arrayLiteral(roles)}::text[]))`
          : undefined,
      ),
    );
  return rows.flatMap((r) => (r.token ? [r.token] : []));
}

/** The push service said the subscription is gone (404/410): stop sending to it. */
export async function forgetSubscription(db: Db, token: string): Promise<void> {
  await db
    .update(adminSessions)
    .set({ deviceToken: null })
    .where(eq(adminSessions.deviceToken, token));
}

/** The administrators who muted a kind of notification (a query, for `in`). */
export const mutedBy = (kind: NotificationKind) =>
  sql`select id from admins where ${kind} = any(muted_notification_kinds)`;

/** The kinds of notification this administrator muted. */
export async function mutedKinds(db: Db | Tx, adminId: number): Promise<NotificationKind[]> {
  const [row] = await db
    .select({ kinds: admins.mutedNotificationKinds })
    .from(admins)
    .where(eq(admins.id, adminId));
  return (row?.kinds ?? []) as NotificationKind[];
}

/** Replaces the kinds this administrator muted; answers the kinds before. */
export async function setMutedKinds(
  tx: Tx,
  adminId: number,
  kinds: readonly NotificationKind[],
): Promise<NotificationKind[]> {
  const before = await mutedKinds(tx, adminId);
  await tx
    .update(admins)
    .set({ mutedNotificationKinds: [...new Set(kinds)].sort() })
    .where(eq(admins.id, adminId));
  return before;
}
