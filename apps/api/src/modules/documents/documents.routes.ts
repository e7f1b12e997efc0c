import {
  DIRECTORY_MESSAGES,
  DOCUMENT_MESSAGES,
  documentUpdate,
  expiringDocuments,
  type ExpiringDocumentItem,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { csvColumns, pageBatches, sendCsv } from '../../lib/export';
import { route } from '../../lib/route';
import { dayOf, listExpiring, updateDocument } from './documents.repository';

/** document-update and expiring-documents. "Today" is the app's clock, in UTC. */
export async function documentRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, documentUpdate, async (request) => {
    const { table, id, document, expires_on } = request.body;
    const result = await updateDocument(
      db,
      request,
      { table, id, document, expiresOn: expires_on },
      dayOf(app.clock()),
    );
    if (result.kind === 'missing') {
      throw new HttpError(
        404,
        table === 'users' ? DIRECTORY_MESSAGES.userNotFound : DIRECTORY_MESSAGES.vehicleNotFound,
      );
    }
    if (result.kind === 'no-such-document') {
      throw new HttpError(400, DOCUMENT_MESSAGES.noSuchDocument, {
        document: DOCUMENT_MESSAGES.noSuchDocument,
      });
    }
    return {
      status: true,
      message: DOCUMENT_MESSAGES.documentUpdated,
      data: { table, id, document, expires_on, status: result.status },
    };
  });

  route(app, expiringDocuments, async (request, reply) => {
    const { within_days, format, ...page } = request.query;
    const today = dayOf(app.clock());
    if (format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: expiringDocuments,
        columns: csvColumns<ExpiringDocumentItem>({
          Kind: 'kind',
          ID: 'id',
          Name: 'name',
          Document: 'document',
          'Expires on': 'expires_on',
          'Days left': 'days_left',
          Expiry: 'expiry',
          Status: 'status',
        }),
        batches: () => pageBatches((paging) => listExpiring(db, today, within_days, paging)),
      });
    }
    return {
      status: true,
      message: DOCUMENT_MESSAGES.documentsFetched,
      data: await listExpiring(db, today, within_days, page),
    };
  });
}
