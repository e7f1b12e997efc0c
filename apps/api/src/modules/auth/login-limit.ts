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

  const reserve = async (key: string) => {
    const [row] = await database.rows<{ count: number; remaining: number }>(sql`
      insert into rate_limits (key, window_start, count)
      values (${key}, ${windowStart}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count,
        ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as remaining`);
    return { count: Number(row?.count ?? 0), remaining: Math.max(1, Number(row?.remaining ?? 1)) };
  };

  return {
    /** Reserves an attempt; `allowed: false` with the seconds until the window ends. */
    async attempt(email: string, ip: string) {
      const account = await reserve(emailKey(email));
      const address = await reserve(ipKey(ip));
      const allowed = account.count <= limit.max && address.count <= limit.max;
      return { allowed, retryAfterSeconds: Math.max(account.remaining, address.remaining) };
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
