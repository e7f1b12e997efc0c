import { REVIEW_MESSAGES, reviewQueue, tableOfKind } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { csvColumns, pageBatches, sendCsv } from '../../lib/export';
import { route } from '../../lib/route';
import { documentsOf } from '../documents';
import { listWaiting } from './review.repository';

/** review-queue: what waits for a decision, with its documents as signed URLs. */
export async function reviewRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, reviewQueue, async (request, reply) => {
    const { kind, records, format, ...page } = request.query;
    if (format === 'csv') {
      type Row = Awaited<ReturnType<typeof listWaiting>>['data'][number];
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: reviewQueue,
        columns: csvColumns<Row>({
          Kind: 'kind',
          ID: 'id',
          Name: 'name',
          Company: 'company_name',
          Submitted: 'submitted_at',
        }),
        batches: () => pageBatches((paging) => listWaiting(db, kind, paging, records)),
      });
    }
    const waiting = await listWaiting(db, kind, page, records);
    return {
      status: true,
      message: REVIEW_MESSAGES.queueFetched,
      data: {
        ...waiting,
        data: waiting.data.map((row) => ({
          kind: row.kind,
          table: tableOfKind(row.kind),
          id: row.id,
          name: row.name,
          company_name: row.company_name,
          submitted_at: row.submitted_at,
          documents: documentsOf(row.kind, row.images, row.expiries, app.uploads.url),
        })),
      },
    };
  });
}
