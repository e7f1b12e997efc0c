import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { supports } from '../../db/schema';

type SupportRow = typeof supports.$inferSelect;

export const toSupport = (row: SupportRow) => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const live = isNull(supports.deletedAt);

/** Newest first. */
export const listSupports = (db: Db, limit: number, offset: number) =>
  db
    .select()
    .from(supports)
    .where(live)
    .orderBy(desc(supports.createdAt), desc(supports.id))
    .limit(limit)
    .offset(offset);

/** A count of the live rows: an office keeps hundreds of these, not millions. */
export const countSupports = (db: Db) => db.$count(supports, live);

export async function insertSupport(tx: Tx, values: { question: string; answer: string }) {
  const [row] = await tx.insert(supports).values(values).returning();
  return row!;
}

/** The live entry, locked for the rest of the transaction. */
export async function lockSupport(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(supports)
    .where(and(eq(supports.id, id), live))
    .for('update');
  return row ?? null;
}

export async function updateSupport(
  tx: Tx,
  id: number,
  values: { question: string; answer: string },
) {
  const [row] = await tx
    .update(supports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(supports.id, id))
    .returning();
  return row!;
}
