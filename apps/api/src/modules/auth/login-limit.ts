import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginThrottles } from '../../db/schema';
import { clientKey } from '../../lib/client-address';
import { accountKey, at, giveBack, take, type Limit } from '../../lib/rate-limit';
import { signInAddresses } from './sessions';

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * A per-account throttle: a level of recent failures that drains by one every
 * `drainMs`. The first `free` failures pass at once; past them each failure
 * must come a growing interval after the last one (up to `drainMs`), and the
 * level never goes over `capacity`. So in any hour at most
 * `capacity + 1 h / drainMs` failures are counted, and nobody is ever refused
 * for longer than `drainMs`: a delay, never a lock.
 */
export type Throttle = { free: number; capacity: number; drainMs: number };
export type ThrottleState = { level: number; lastFailureAt: Date };

/**
 * Failures on one account from any client: 21 at once (one more than a single
 * client can make across two windows of LOGIN_MAX_ATTEMPTS = 10, so one
 * blocked client never makes the administrator elsewhere wait), then 20 s,
 * 40 s, 60 s apart; at most 24 + 60 = 84 in any hour.
 */
export const ACCOUNT_THROTTLE: Throttle = { free: 21, capacity: 24, drainMs: 60_000 };
/**
 * A reserve for the addresses the account signed in from in the last
 * KNOWN_CLIENT_DAYS, used only when ACCOUNT_THROTTLE refuses: at most
 * 4 + 12 = 16 failures in any hour. Both together: at most 100 an hour (OWASP
 * ASVS 2.2.1), and clients spending the first cannot keep the administrator,
 * signing in from a usual address, out.
 */
export const KNOWN_CLIENT_RESERVE: Throttle = { free: 4, capacity: 4, drainMs: 300_000 };
const KNOWN_CLIENT_DAYS = 30;

/**
 * Milliseconds since the last failure, never negative: `now` is read when a
 * request arrives, and a parallel attempt that took the lock first may have
 * written a later one.
 */
const sinceLast = (state: ThrottleState, now: Date) =>
  Math.max(0, now.getTime() - state.lastFailureAt.getTime());

const drained = (throttle: Throttle, state: ThrottleState, now: Date) =>
  Math.max(0, state.level - sinceLast(state, now) / throttle.drainMs);

/** Milliseconds before `throttle` counts one more failure; 0: now. */
export function throttleWaitMs(throttle: Throttle, state: ThrottleState | undefined, now: Date) {
  if (!state) return 0;
  const level = drained(throttle, state, now);
  const past = level - throttle.free + 1;
  const gap =
    past > 0 && throttle.capacity > throttle.free
      ? throttle.drainMs * Math.min(1, past / (throttle.capacity - throttle.free))
      : 0;
  const untilGap = gap - sinceLast(state, now);
  const untilRoom = (level - (throttle.capacity - 1)) * throttle.drainMs;
  return Math.max(0, untilGap, untilRoom);
}

export type LoginAttempt =
  { allowed: true; throttleKey: string } | { allowed: false; retryAfterSeconds: number };

/**
 * Failed sign-ins, counted in PostgreSQL (shared by every API instance):
 *
 * - per client address (an IPv6 client by its /64) over all accounts,
 *   `perClient.max` failures per window, then 429 until the window ends; so
 *   also per (account, client address);
 * - per account over all clients, ACCOUNT_THROTTLE and KNOWN_CLIENT_RESERVE.
 *
 * Each attempt reserves its counts before the password is checked, so
 * parallel guesses cannot slip past; a refused attempt counts nothing, and a
 * successful one gives its counts back. Addresses that are no account share
 * bucketed throttles (accountKey), so they behave like an account.
 */
export function loginLimiter(db: Db, perClient: Limit) {
  const clientKeyOf = (ip: string) => `login:${clientKey(ip)}`;

  /** Counts one failure on `key` if `throttle` allows it now; else the milliseconds to wait. */
  const count = async (tx: Tx, key: string, throttle: Throttle, now: Date) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-throttle:${key}`}))`);
    const [state] = await tx
      .select({ level: loginThrottles.level, lastFailureAt: loginThrottles.lastFailureAt })
      .from(loginThrottles)
      .where(eq(loginThrottles.key, key));
    const waitMs = throttleWaitMs(throttle, state, now);
    if (waitMs > 0) return waitMs;
    const level = (state ? drained(throttle, state, now) : 0) + 1;
    const lastFailureAt = state && state.lastFailureAt > now ? state.lastFailureAt : now;
    await tx
      .insert(loginThrottles)
      .values({ key, level, lastFailureAt })
      .onConflictDoUpdate({ target: loginThrottles.key, set: { level, lastFailureAt } });
    return 0;
  };

  return {
    /** Reserves a failure for a sign-in attempt on `adminId`'s account (null: no account). */
    async attempt(
      attempt: { email: string; adminId: number | null; ip: string },
      now: Date,
    ): Promise<LoginAttempt> {
      const knownClient =
        attempt.adminId !== null &&
        (await signInAddresses(db, attempt.adminId, daysBefore(now, KNOWN_CLIENT_DAYS))).some(
          (ip) => clientKey(ip) === clientKey(attempt.ip),
        );
      return db.transaction(async (tx) => {
        const client = await take(tx, clientKeyOf(attempt.ip), perClient, now);
        if (!client.allowed) return { allowed: false, retryAfterSeconds: client.retryAfterSeconds };
        const key = accountKey(attempt.email, attempt.adminId);
        const throttles: [string, Throttle][] = [[key, ACCOUNT_THROTTLE]];
        if (knownClient) throttles.push([`${key}:known`, KNOWN_CLIENT_RESERVE]);
        let waitMs = Infinity;
        for (const [throttleKey, throttle] of throttles) {
          const wait = await count(tx, throttleKey, throttle, now);
          if (wait === 0) return { allowed: true, throttleKey };
          waitMs = Math.min(waitMs, wait);
        }
        await giveBack(tx, clientKeyOf(attempt.ip), perClient, now);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      });
    },

    /** A successful sign-in gives back what its attempt reserved. */
    async succeeded(ip: string, throttleKey: string, now: Date) {
      await db.transaction(async (tx) => {
        await giveBack(tx, clientKeyOf(ip), perClient, now);
        await tx
          .update(loginThrottles)
          .set({ level: sql`greatest(${loginThrottles.level} - 1, 0)` })
          .where(eq(loginThrottles.key, throttleKey));
      });
    },
  };
}

/** Throttles that have drained to nothing are worthless: deleted with the other spent limits. */
export async function pruneLoginThrottles(db: Db, now: Date) {
  const drainSeconds = Math.max(ACCOUNT_THROTTLE.drainMs, KNOWN_CLIENT_RESERVE.drainMs) / 1000;
  await db.execute(
    sql`delete from login_throttles
        where last_failure_at + make_interval(secs => level * ${drainSeconds}) <= ${at(now)}`,
  );
}
