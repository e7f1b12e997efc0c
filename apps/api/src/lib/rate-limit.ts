import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A fixed-window counter in PostgreSQL, shared by every API instance.
 * Returns true while `key` has been hit at most `max` times in the current window.
 */
export async function hit(database: Database, key: string, max: number, windowMs: number) {
  const windowSeconds = Math.max(1, Math.floor(windowMs / 1000));
  const [row] = await database.rows<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`);
  return (row?.count ?? 0) <= max;
}

/** Old windows are worthless; dropped now and then. */
export async function pruneRateLimits(database: Database) {
  await database.rows(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
