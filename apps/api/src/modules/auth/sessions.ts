import { and, eq, isNull, sql } from 'drizzle-orm';
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

/** The live session of a token: not revoked, not past its absolute or idle expiry. */
export async function findSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<Session | null> {
  const idleSeconds = Math.floor(policy.idleMs / 1000);
  const [row] = await db
    .select({
      id: adminSessions.id,
      adminId: adminSessions.adminId,
      lastSeenAt: adminSessions.lastSeenAt,
    })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.revokedAt),
        sql`${adminSessions.expiresAt} > now()`,
        sql`${adminSessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds})`,
      ),
    );
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
