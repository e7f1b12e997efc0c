import type { IntegrationKey, IntegrationScope } from '@cabdesk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { admins, integrationKeys } from '../../db/schema';
import { at, type Limit, windowOf } from '../../lib/rate-limit';
import { rowsOf } from '../../lib/sql';

type KeyRow = typeof integrationKeys.$inferSelect;

/** What Settings -> Integrations shows of a key (never the key or its hash). */
const toIntegrationKey = (row: KeyRow, createdBy: string | null): IntegrationKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as IntegrationScope[],
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  created_by: createdBy,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

const withCreator = (db: Db | Tx) =>
  db
    .select({ key: integrationKeys, createdBy: admins.name })
    .from(integrationKeys)
    .leftJoin(admins, eq(admins.id, integrationKeys.createdBy));

/** Every key, newest first: a desk has a handful. */
export async function listKeys(db: Db) {
  const rows = await withCreator(db).orderBy(desc(integrationKeys.id));
  return rows.map((r) => toIntegrationKey(r.key, r.createdBy));
}

/** Stores a new key by its hash and its display prefix. */
export async function insertKey(
  tx: Tx,
  values: {
    name: string;
    scopes: IntegrationScope[];
    keyHash: string;
    prefix: string;
    /** null: the server made it (the simulator's key). */
    createdBy: number | null;
  },
) {
  const [row] = await tx.insert(integrationKeys).values(values).returning();
  return row!;
}

/**
 * Revokes a live key; the row before, or why not: `missing`, or `revoked`
 * when it already was.
 */
export async function revokeKey(tx: Tx, id: number, at: Date) {
  const [before] = await tx
    .select()
    .from(integrationKeys)
    .where(eq(integrationKeys.id, id))
    .for('update');
  if (!before) return { kind: 'missing' as const };
  if (before.revokedAt) return { kind: 'revoked' as const };
  await tx.update(integrationKeys).set({ revokedAt: at }).where(eq(integrationKeys.id, id));
  const [after] = await withCreator(tx).where(eq(integrationKeys.id, id));
  return { kind: 'done' as const, key: toIntegrationKey(after!.key, after!.createdBy) };
}

/** What a call's key is allowed: none (unknown), revoked, short of the scope, over its limit, or through. */
export type KeyVerdict =
  | { kind: 'unknown' }
  | { kind: 'revoked' }
  | { kind: 'no-scope' }
  | { kind: 'too-many' }
  | { kind: 'allowed'; id: number; scopes: string[] };

/**
 * Checks a call's key in one statement: the key by the hash of what the
 * request presented, its scope (`scope` null: any key may call), and its
 * rate limit as `take` counts it (a hit on `integration:<id>`, counted only
 * for a live key with the scope); a call that passes marks the key used at
 * `now` unless another did within `lastUsedEveryMs`. Read from the table on
 * every call, so a revoked key stops at once, on every instance.
 */
export async function authoriseKey(
  db: Db,
  call: { keyHash: string; scope: string | null; limit: Limit; now: Date; lastUsedEveryMs: number },
): Promise<KeyVerdict> {
  const window = windowOf(call.limit, call.now);
  const [row] = await rowsOf<{
    id: number;
    scopes: string[];
    live: boolean;
    scoped: boolean;
    allowed: boolean;
  }>(
    db,
    sql`with key as (
          select id, scopes, revoked_at is null as live,
            ${call.scope}::text is null or ${call.scope}::text = any(scopes) as scoped
          from integration_keys where key_hash = ${call.keyHash}
        ), hit as (
          insert into rate_limits (key, window_start, expires_at, count)
          select 'integration:' || id, ${at(window.start)}, ${at(window.end)}, 1 from key
          where live and scoped
          on conflict (key, window_start) do update set count = rate_limits.count + 1
            where rate_limits.count < ${call.limit.max}
          returning count
        ), used as (
          update integration_keys k set last_used_at = ${at(call.now)}
          from key
          where k.id = key.id and exists (select 1 from hit)
            and (k.last_used_at is null
              or k.last_used_at <= ${at(new Date(call.now.getTime() - call.lastUsedEveryMs))})
        )
        select id, scopes, live, scoped, exists (select 1 from hit) as allowed from key`,
  );
  if (!row) return { kind: 'unknown' };
  if (!row.live) return { kind: 'revoked' };
  if (!row.scoped) return { kind: 'no-scope' };
  if (!row.allowed) return { kind: 'too-many' };
  return { kind: 'allowed', id: row.id, scopes: row.scopes };
}
