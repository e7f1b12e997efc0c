import type { Role } from '@cabdesk/contract';
import { and, desc, eq, gt, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { admins, adminSessions, flags } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type SessionPolicy = { idleMs: number; maxMs: number };
export type Session = {
  id: number;
  adminId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  role: Role;
  /** Two-factor sign-in is required of everyone and this administrator has not set it up. */
  mustEnrol: boolean;
};

/** The app flag an Owner sets to require two-factor sign-in of every administrator. */
export const TWO_FACTOR_REQUIRED_FLAG = 'two_factor_required';

/** How stale last_seen_at may get before a request refreshes it (saves a write per call). */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(
  db: Db,
  policy: SessionPolicy,
  values: {
    adminId: number;
    deviceToken?: string | null;
    deviceType?: string;
    ip?: string;
    userAgent?: string;
  },
) {
  const token = newToken();
  const [row] = await db
    .insert(adminSessions)
    .values({
      ...values,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + policy.maxMs),
    })
    .returning({ id: adminSessions.id });
  return { token, id: row!.id };
}

/**
 * The condition of a live session: not revoked, not past its absolute
 * expiry, seen within the idle limit. Only live sessions are let in, stream
 * and receive pushes.
 */
export const sessionIsLive = (idleSeconds: number | Placeholder) =>
  and(
    isNull(adminSessions.revokedAt),
    sql`${adminSessions.expiresAt} > now()`,
    sql`${adminSessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds})`,
  );

export const idleSecondsOf = (policy: { idleMs: number }) => Math.floor(policy.idleMs / 1000);

/**
 * The live session of a token, with its administrator's role, if that
 * administrator is Active. Every API request asks this, so the statement is
 * built once per database and prepared by name (PostgreSQL parses and plans
 * it once per connection); PGlite runs it as a plain query.
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

const prepareFindSession = (db: Db) =>
  db
    .select({
      id: adminSessions.id,
      adminId: adminSessions.adminId,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      role: admins.role,
      mustEnrol: sql<boolean>`${admins.totpEnabledAt} is null and exists (
        select 1 from ${flags}
        where ${flags.key} = ${TWO_FACTOR_REQUIRED_FLAG} and ${flags.value} = 'true')`,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, sql.placeholder('tokenHash')),
        sessionIsLive(sql.placeholder('idleSeconds')),
        eq(admins.status, 'Active'),
      ),
    )
    .prepare('find_session');

export async function findSession(
  db: Db,
  tokenHash: string,
  policy: SessionPolicy,
): Promise<Session | null> {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareFindSession(db)));
  const [row] = await query.execute({ tokenHash, idleSeconds: idleSecondsOf(policy) });
  return row ?? null;
}

/**
 * Moves a session's last_seen_at to now when it is over a minute stale (a
 * write per session a minute, not per call). The session in hand is moved
 * first, so the calls that follow in this request do not write again.
 */
export async function touchSession(db: Db, session: Pick<Session, 'id' | 'lastSeenAt'>) {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_AFTER_MS) return;
  session.lastSeenAt = new Date();
  await db
    .update(adminSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(adminSessions.id, session.id));
}

/**
 * Revocations are announced on this LISTEN/NOTIFY channel, after commit, to
 * every API instance: what a session holds open (its live streams) ends at
 * once rather than at its next check.
 */
const SESSION_CHANNEL = 'cabdesk_session_revocations';

/** One session ended, or every session of an administrator. */
const revocationSchema = z.union([
  z.object({ session_id: z.number().int() }),
  z.object({ admin_id: z.number().int() }),
]);
export type Revocation = z.infer<typeof revocationSchema>;

async function announce(db: Db, revocation: Revocation) {
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(revocation)})`);
}

/** Revokes the sessions `which` selects that are not revoked yet, and announces it. */
async function revokeWhere(db: Db, which: SQL, revocation: Revocation) {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(adminSessions.revokedAt)));
  await announce(db, revocation);
}

export const revokeSession = (db: Db, id: number) =>
  revokeWhere(db, eq(adminSessions.id, id), { session_id: id });

/** An administrator's live sessions, the newest first. */
export async function liveSessionsOf(db: Db, adminId: number, policy: SessionPolicy) {
  return db
    .select({
      id: adminSessions.id,
      userAgent: adminSessions.userAgent,
      deviceType: adminSessions.deviceType,
      ip: adminSessions.ip,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
    })
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), sessionIsLive(idleSecondsOf(policy))))
    .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.id));
}

/**
 * Ends one of an administrator's live sessions, or every one but `allBut`;
 * answers the ids ended. In the caller's transaction: the announcement goes
 * out only if it commits.
 */
export async function revokeOwnSessions(
  db: Db,
  adminId: number,
  policy: SessionPolicy,
  which: { id: number } | { allBut: number },
) {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        sessionIsLive(idleSecondsOf(policy)),
        'id' in which ? eq(adminSessions.id, which.id) : ne(adminSessions.id, which.allBut),
      ),
    )
    .returning({ id: adminSessions.id });
  for (const row of rows) await announce(db, { session_id: row.id });
  return rows.map((row) => row.id);
}

/**
 * Every session of an administrator, e.g. after a password change; called in
 * the caller's transaction, the announcement goes out only if it commits.
 */
export const revokeAdminSessions = (db: Db, adminId: number) =>
  revokeWhere(db, eq(adminSessions.adminId, adminId), { admin_id: adminId });

/** Calls `onRevoked` for every revocation committed from now on, by any instance. */
export const onRevocation = (database: Database, onRevoked: (revocation: Revocation) => void) =>
  database.listen(SESSION_CHANNEL, (payload) => {
    let revocation: Revocation;
    try {
      revocation = revocationSchema.parse(JSON.parse(payload));
    } catch {
      return; // Nothing this version sent.
    }
    onRevoked(revocation);
  });

/** The client addresses an administrator signed in from since `since`. */
export async function signInAddresses(db: Db, adminId: number, since: Date) {
  const rows = await db
    .selectDistinct({ ip: adminSessions.ip })
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), gt(adminSessions.createdAt, since)));
  return rows.flatMap((row) => (row.ip ? [row.ip] : []));
}
