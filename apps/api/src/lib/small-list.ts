import type { AnyEndpoint, ArrayOrPageQuery } from '@cabdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pagedBatches, sendCsv, type CsvColumn } from './export';
import { arrayOrPage } from './paging';

/**
 * The answer of a small list (the coupons, the FAQ: hundreds of rows at
 * most) read by `rows(limit, offset)`: with format=csv every row as the
 * list's export; otherwise an array, or a page when `page` is asked (SPEC 7).
 */
export async function answerSmallList<T>(
  app: FastifyInstance,
  request: FastifyRequest & { query: ArrayOrPageQuery & { format?: 'csv' } },
  reply: FastifyReply,
  list: {
    endpoint: AnyEndpoint;
    message: string;
    columns: readonly CsvColumn<T>[];
    rows: (limit: number, offset: number) => Promise<T[]>;
    count: () => Promise<number>;
  },
) {
  if (request.query.format === 'csv') {
    return sendCsv(request, reply, app.database, app.clock(), {
      endpoint: list.endpoint,
      columns: list.columns,
      batches: () => pagedBatches(list.rows),
    });
  }
  return {
    status: true as const,
    message: list.message,
    data: await arrayOrPage(request.query, list),
  };
}
