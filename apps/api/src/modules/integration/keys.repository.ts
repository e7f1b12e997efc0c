import type { IntegrationKey, IntegrationScope } from '@cabdesk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { admins, integrationKeys } from '../../db/schema';

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

/** A key by the hash of what a request presented; revoked ones included (the caller refuses them). */
export async function findKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      id: integrationKeys.id,
      scopes: integrationKeys.scopes,
      lastUsedAt: integrationKeys.lastUsedAt,
      revokedAt: integrationKeys.revokedAt,
    })
    .from(integrationKeys)
    .where(eq(integrationKeys.keyHash, keyHash));
  return row;
}

/**
 * Marks a key used at `at` unless another request (on any instance) already
 * did within `minimumMs`: a write a minute at most, not one per request.
 */
export async function touchKey(db: Db, id: number, at: Date, minimumMs: number) {
  const before = new Date(at.getTime() - minimumMs);
  await db
    .update(integrationKeys)
    .set({ lastUsedAt: at })
    .where(
      sql`${integrationKeys.id} = ${id} and (${integrationKeys.lastUsedAt} is null or ${integrationKeys.lastUsedAt} <= ${before.toISOString()}::timestamptz)`,
    );
}
