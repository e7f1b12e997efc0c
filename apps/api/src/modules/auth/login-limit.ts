import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Failed sign-ins per account and per client address, counted in fixed windows
 * in PostgreSQL (shared by every API instance).
 *
 * Each attempt reserves one count on both counters before the password is
 * checked, so parallel guesses cannot slip past the limit; a successful sign-in
 * refunds its count on the address and clears the account's counter. So only
 * failures add up, an attacker cannot pile up the real administrator's later
 * typos, and a lock lasts at most one window.
 */
export function loginLimiter(database: Database, limit: { max: number; windowMs: number }) {
  const windowSeconds = Math.max(1, Math.floor(limit.windowMs / 1000));
  const emailKey = (email: string) => `login:email:${email.trim().toLowerCase()}`;
  const ipKey = (ip: string) => `login:ip:${ip}`;
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;

  /**
   * Counts one attempt on both keys in one statement. Rows are locked in the
   * same order (account, then address) by every attempt, so parallel attempts
   * are ordered alike on both counters and exactly `max` of them pass.
   */
  const reserve = async (accountKey: string, addressKey: string) => {
    const rows = await database.rows<{ key: string; count: number; remaining: number }>(sql`
      insert into rate_limits (key, window_start, count)
      values (${accountKey}, ${windowStart}, 1), (${addressKey}, ${windowStart}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning key, count,
        ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as remaining`);
    return rows.map((row) => ({
      count: Number(row.count),
      remaining: Math.max(1, Number(row.remaining)),
    }));
  };

  return {
    /** Reserves an attempt; `allowed: false` with the seconds until the window ends. */
    async attempt(email: string, ip: string) {
      const counters = await reserve(emailKey(email), ipKey(ip));
      const allowed = counters.length === 2 && counters.every((c) => c.count <= limit.max);
      return { allowed, retryAfterSeconds: Math.max(1, ...counters.map((c) => c.remaining)) };
    },
    /** A successful sign-in: the account starts afresh and the address gets its count back. */
    async succeeded(email: string, ip: string) {
      await database.rows(sql`delete from rate_limits where key = ${emailKey(email)}`);
      await database.rows(sql`
        update rate_limits set count = greatest(count - 1, 0)
        where key = ${ipKey(ip)} and window_start = ${windowStart}`);
    },
  };
}
