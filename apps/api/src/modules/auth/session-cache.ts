import type { Session, SessionChange, SessionPolicy } from './sessions';

/**
 * How long an instance trusts a session it read before reading it again: a
 * safety net under the announcements (a notification lost while the listening
 * connection was down), not the way changes arrive.
 */
const SESSION_CACHE_TTL_MS = 10_000;

/** Sessions kept at most; the least recently read go first. */
const MAX_SESSIONS = 10_000;

type Entry = { session: Session; readAt: number };

/**
 * The live sessions this instance has read, by token hash, so a call checks
 * its session without a round trip to the database. A session is forgotten
 * when a change to it is announced (`forget`), when this instance made a
 * change that may touch sessions (`clear`), and `ttlMs` after it was read;
 * idle and absolute expiry are checked here as the database would.
 */
export function createSessionCache(policy: SessionPolicy, ttlMs = SESSION_CACHE_TTL_MS) {
  const entries = new Map<string, Entry>();
  // Moves at every forget and clear: a session read from the database before
  // one of them may be the state it removed, and is not kept (`set`).
  let generation = 0;
  return {
    /** Taken before a session is read from the database, and handed to `set`. */
    generation: () => generation,
    /** The session of a token hash if it was read within the TTL and is still live. */
    get(tokenHash: string): Session | null {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      const now = Date.now();
      const { session } = entry;
      if (
        now - entry.readAt >= ttlMs ||
        session.expiresAt.getTime() <= now ||
        session.lastSeenAt.getTime() <= now - policy.idleMs
      ) {
        entries.delete(tokenHash);
        return null;
      }
      return session;
    },
    /** Keeps a session read since `readFrom` (a generation), unless a change came meanwhile. */
    set(tokenHash: string, session: Session, readFrom: number) {
      if (readFrom !== generation) return;
      entries.delete(tokenHash);
      if (entries.size >= MAX_SESSIONS) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { session, readAt: Date.now() });
    },
    /** Forgets the sessions a change announced by any instance may concern. */
    forget(change: SessionChange) {
      generation += 1;
      if ('two_factor_rule' in change) return entries.clear();
      for (const [tokenHash, { session }] of entries) {
        if (
          'session_id' in change
            ? session.id === change.session_id
            : session.adminId === ('admin_id' in change ? change.admin_id : change.changed_admin_id)
        ) {
          entries.delete(tokenHash);
        }
      }
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
