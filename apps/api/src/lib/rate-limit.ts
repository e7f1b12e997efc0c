import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { clientKey } from './client-address';
import { rowsOf } from './sql';

export type Limit = { max: number; windowMs: number };
export type Verdict = { allowed: boolean; retryAfterSeconds: number };

/** A moment as a SQL timestamptz parameter, the same text on both drivers. */
export const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** The fixed window `now` falls in. */
export const windowOf = (limit: Limit, now: Date) => {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  return { start: new Date(start), end: new Date(start + limit.windowMs) };
};

/** Whole seconds from `now` until `moment`, at least 1. */
export const secondsUntil = (moment: Date, now: Date) =>
  Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));

/**
 * A fixed-window counter in PostgreSQL, shared by every API instance: counts
 * one hit on `key` unless the current window already has `limit.max`. A
 * refused hit counts nothing, so a client that keeps knocking is free again
 * when the window ends. One statement: parallel hits queue on the row, so
 * exactly `max` of them pass.
 */
export async function take(db: Db | Tx, key: string, limit: Limit, now: Date): Promise<Verdict> {
  const window = windowOf(limit, now);
  const rows = await rowsOf(
    db,
    sql`
      insert into rate_limits (key, window_start, expires_at, count)
      values (${key}, ${at(window.start)}, ${at(window.end)}, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
        where rate_limits.count < ${limit.max}
      returning count`,
  );
  return { allowed: rows.length === 1, retryAfterSeconds: secondsUntil(window.end, now) };
}

/** Gives back a hit that turned out not to count (a sign-in or a code that was right). */
export async function giveBack(db: Db | Tx, key: string, limit: Limit, now: Date) {
  await rowsOf(
    db,
    sql`update rate_limits set count = greatest(count - 1, 0)
        where key = ${key} and window_start = ${at(windowOf(limit, now).start)}`,
  );
}

/** Clients an instance remembers as refused before it forgets them all. */
const REFUSED_MAX = 10_000;

/**
 * A public call's limit per client address (an IPv6 client by its /64). A
 * refused client is also remembered by this instance until its window ends,
 * so a flood past the limit is answered without a statement: it cannot keep
 * the database (PGlite's one connection above all) from everyone else.
 */
export function clientLimit(db: Db, call: string, limit: Limit) {
  const refusedUntil = new Map<string, Date>();
  const keyOf = (ip: string) => `${call}:${clientKey(ip)}`;
  return {
    async take(ip: string, now: Date): Promise<Verdict> {
      const key = keyOf(ip);
      const until = refusedUntil.get(key);
      if (until && until > now) {
        return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
      }
      refusedUntil.delete(key);
      const verdict = await take(db, key, limit, now);
      if (!verdict.allowed) {
        if (refusedUntil.size >= REFUSED_MAX) refusedUntil.clear();
        refusedUntil.set(key, windowOf(limit, now).end);
      }
      return verdict;
    },
    /** A call that succeeded gives its count back. */
    giveBack: (ip: string, now: Date) => giveBack(db, keyOf(ip), limit, now),
  };
}

/** Windows that have ended are worthless: deleted (server.ts runs this every few minutes). */
export async function pruneRateLimits(db: Db | Tx, now: Date) {
  await rowsOf(db, sql`delete from rate_limits where expires_at <= ${at(now)}`);
}

/** Buckets shared by the e-mail addresses that are no administrator's. */
const NOBODY_BUCKETS = 1024;

/**
 * The key of a per-account limit. An administrator's account has its own; an
 * address that is no one's shares one of NOBODY_BUCKETS keys with others. So
 * spoofed addresses add no row per address, and an unknown address is limited
 * the same way as an account, which keeps the answers from telling them apart.
 */
export function accountKey(email: string, adminId: number | null) {
  if (adminId !== null) return `admin:${adminId}`;
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest();
  return `nobody:${hash.readUInt32BE(0) % NOBODY_BUCKETS}`;
}
