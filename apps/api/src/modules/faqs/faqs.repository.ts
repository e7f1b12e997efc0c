import type { FAQ_SORTS, Sort } from '@cabdesk/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { faqs } from '../../db/schema';
import { orderOf } from '../../lib/paging';

type FaqRow = typeof faqs.$inferSelect;

export const toFaq = (row: FaqRow) => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const live = isNull(faqs.deletedAt);

export type FaqSort = Sort<(typeof FAQ_SORTS)[number]>;

/** What each sort orders by (an index each); the question by lower(), whatever the case. */
const SORT_KEYS: Record<FaqSort['field'], SQL> = {
  created_at: sql`${faqs.createdAt}`,
  updated_at: sql`${faqs.updatedAt}`,
  question: sql`lower(${faqs.question})`,
};

/** Newest first, or by `sort` (ties by id). */
export const listFaqs = (
  db: Db,
  limit: number,
  offset: number,
  sort: FaqSort = { field: 'created_at', descending: true },
) =>
  db
    .select()
    .from(faqs)
    .where(live)
    .orderBy(orderOf(SORT_KEYS[sort.field], sort.descending, sql`${faqs.id}`))
    .limit(limit)
    .offset(offset);

/** A count of the live rows: an office keeps hundreds of these, not millions. */
export const countFaqs = (db: Db) => db.$count(faqs, live);

export async function insertFaq(tx: Tx, values: { question: string; answer: string }) {
  const [row] = await tx.insert(faqs).values(values).returning();
  return row!;
}

/** The live entry, locked for the rest of the transaction. */
export async function lockFaq(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(faqs)
    .where(and(eq(faqs.id, id), live))
    .for('update');
  return row ?? null;
}

export async function updateFaq(tx: Tx, id: number, values: { question: string; answer: string }) {
  const [row] = await tx
    .update(faqs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(faqs.id, id))
    .returning();
  return row!;
}
