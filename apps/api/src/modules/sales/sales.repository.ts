import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tableCounts, transactions } from '../../db/schema';
import { isPastEnd, offsetOf, pageOf, type PageRequest } from '../../lib/paging';

type TransactionRow = typeof transactions.$inferSelect;

const toTransaction = (row: TransactionRow) => ({
  id: row.id,
  transaction_id: row.transactionId,
  ride_id: row.rideId,
  amount: Number(row.amount),
  payment_method: row.paymentMethod,
  created_at: row.createdAt.toISOString(),
});

/** One page of payments, newest first; the total comes from the kept counter, not count(*). */
export async function listTransactions(db: Db, request: PageRequest) {
  const [counter] = await db
    .select({ n: tableCounts.n })
    .from(tableCounts)
    .where(eq(tableCounts.tableName, 'transactions'));
  const total = counter?.n ?? 0;
  const rows = isPastEnd(request, total)
    ? []
    : await db
        .select()
        .from(transactions)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(request.per_page)
        .offset(offsetOf(request));
  return pageOf(rows.map(toTransaction), total, request);
}
