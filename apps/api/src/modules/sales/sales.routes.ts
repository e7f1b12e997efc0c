import { transactionList } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { listTransactions } from './sales.repository';

/** Sales: every payment (SPEC 7 `transaction`), filtered and sorted, with their sum. */
export async function salesRoutes(app: FastifyInstance) {
  route(app, transactionList, async (request) => {
    const { from, to, tz, payment_method, sort, page, per_page } = request.query;
    const filter = { made: { from, to, tz }, paymentMethod: payment_method };
    return {
      status: true,
      message: 'Transactions fetched successfully.',
      data: await listTransactions(app.database.db, filter, { page, per_page }, sort),
    };
  });
}
