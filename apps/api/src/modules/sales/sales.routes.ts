import { paths, transactionListResponseSchema, transactionQuerySchema } from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listTransactions } from './sales.repository';

/** Sales: every payment (SPEC 7 `transaction`). */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    paths.transaction,
    {
      schema: {
        querystring: transactionQuerySchema,
        response: { 200: transactionListResponseSchema },
      },
    },
    async (request) => ({
      status: true,
      message: 'Transactions fetched successfully.',
      data: await listTransactions(app.database.db, request.query),
    }),
  );
};
