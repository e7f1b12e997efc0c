import { transactionList, type Transaction } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { moneyCell } from '../../lib/csv';
import { itemBatches, sendCsv, type CsvColumn } from '../../lib/export';
import { route } from '../../lib/route';
import { exportTransactions, listTransactions } from './sales.repository';

/** The columns of the sales' export: what the sales table shows, and the trip. */
const SALE_COLUMNS: readonly CsvColumn<Transaction>[] = [
  { header: 'Transaction ID', cell: (t) => t.transaction_id },
  { header: 'Date', cell: (t) => t.created_at },
  { header: 'Amount', cell: (t) => moneyCell(t.amount) },
  { header: 'Payment Method', cell: (t) => t.payment_method },
  { header: 'Trip ID', cell: (t) => t.ride_id },
];

/** Sales: every payment (SPEC 7 `transaction`), filtered and sorted, with their sum. */
export async function salesRoutes(app: FastifyInstance) {
  route(app, transactionList, async (request, reply) => {
    const { from, to, tz, payment_method, sort, page, per_page } = request.query;
    const filter = { made: { from, to, tz }, paymentMethod: payment_method };
    if (request.query.format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: transactionList,
        columns: SALE_COLUMNS,
        batches: () => itemBatches(app.database, exportTransactions(filter, sort)),
      });
    }
    return {
      status: true,
      message: 'Transactions fetched successfully.',
      data: await listTransactions(app.database.db, filter, { page, per_page }, sort),
    };
  });
}
