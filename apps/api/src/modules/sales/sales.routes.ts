import { transactionList } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { listTransactions } from './sales.repository';

/** Sales: every payment (SPEC 7 `transaction`). */
export async function salesRoutes(app: FastifyInstance) {
  route(app, transactionList, async (request) => ({
    status: true,
    message: 'Transactions fetched successfully.',
    data: await listTransactions(app.database.db, request.query),
  }));
}
