import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminSessions } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type SessionPolicy = { idleMs: number; maxMs: number };
type Session = { id: number; adminId: number; lastSeenAt: Date };

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
 * The live session of a token: not revoked, not past its absolute or idle
 * expiry. Every API request asks this, so the statement is built once per
 * database and prepared by name (PostgreSQL parses and plans it once per
 * connection); PGlite runs it as a plain query.
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

const prepareFindSession = (db: Db) =>
  db
    .select({
      id: adminSessions.id,
      adminId: adminSessions.adminId,
      lastSeenAt: adminSessions.lastSeenAt,
    })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(adminSessions.revokedAt),
        sql`${adminSessions.expiresAt} > now()`,
        sql`${adminSessions.lastSeenAt} > now() - make_interval(secs => ${sql.placeholder('idleSeconds')})`,
      ),
    )
    .prepare('find_session');

export async function findSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<Session | null> {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareFindSession(db)));
  const [row] = await query.execute({
    tokenHash: hashToken(token),
    idleSeconds: Math.floor(policy.idleMs / 1000),
  });
  return row ?? null;
}

export async function touchSession(db: Db, session: Session) {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_AFTER_MS) return;
  await db
    .update(adminSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(adminSessions.id, session.id));
}

export async function revokeSession(db: Db, id: number) {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(adminSessions.id, id), isNull(adminSessions.revokedAt)));
}

/** Every session of an administrator, e.g. after a password change. */
export async function revokeAdminSessions(db: Db, adminId: number) {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)));
}

/** The client addresses an administrator signed in from since `since`. */
export async function signInAddresses(db: Db, adminId: number, since: Date) {
  const rows = await db
    .selectDistinct({ ip: adminSessions.ip })
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), gt(adminSessions.createdAt, since)));
  return rows.flatMap((row) => (row.ip ? [row.ip] : []));
}
