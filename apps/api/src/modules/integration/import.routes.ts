import type { Readable } from 'node:stream';
import {
  IMPORT_ID_PATTERN,
  IMPORT_MAX_BYTES,
  INTEGRATION_MESSAGES,
  integrationImport,
  type ImportReport,
} from '@cabdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { importRows, type Importing } from './import';
import { csvRows, ndjsonRows } from './import-files';
import { integrationKeyOf } from './request-key';

const NDJSON = 'application/x-ndjson';
const CSV = 'text/csv';

const tooLarge = () =>
  new HttpError(
    413,
    INTEGRATION_MESSAGES.importTooLarge.replace('{size}', `${IMPORT_MAX_BYTES / 1024 ** 3} GB`),
  );

/** The rows of a request's file, by its media type: NDJSON, or CSV (`?kind=` for a file without a kind column). */
function rowsOfRequest(request: FastifyRequest) {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const stream = request.body as Readable;
  if (type === NDJSON) return ndjsonRows(stream, IMPORT_MAX_BYTES, tooLarge);
  if (type === CSV) {
    const { kind } = request.query as { kind?: unknown };
    return csvRows(stream, typeof kind === 'string' ? kind : undefined, IMPORT_MAX_BYTES, tooLarge);
  }
  throw new HttpError(415, INTEGRATION_MESSAGES.importType);
}

/** `?import_id=`, the import a request is a part of; a request without one is an import of its own. */
function importIdOf(request: FastifyRequest) {
  const { import_id: id } = request.query as { import_id?: unknown };
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || !IMPORT_ID_PATTERN.test(id)) {
    throw new HttpError(400, INTEGRATION_MESSAGES.importId, {
      import_id: INTEGRATION_MESSAGES.importId,
    });
  }
  return id;
}

/** Reads a file of records from a request and imports it: the integration door's and an Owner's. */
export async function importRequest(
  database: Database,
  request: FastifyRequest,
  by: Importing,
  clock: () => Date,
): Promise<ImportReport> {
  const importId = importIdOf(request);
  return importRows(database, rowsOfRequest(request), by, clock, importId);
}

/** The file bodies of an import, read as they arrive (a million rows are never in memory at once). */
export function acceptImportFiles(app: FastifyInstance) {
  app.addContentTypeParser([NDJSON, CSV], (_request, payload, done) => done(null, payload));
}

/** `POST import`: a file of people, vehicles, trips and payments, each row with its kind's scope. */
export async function integrationImportRoutes(app: FastifyInstance) {
  acceptImportFiles(app);
  route(app, integrationImport, async (request) => {
    const report = await importRequest(
      app.database,
      request,
      { key: integrationKeyOf(request) },
      app.clock,
    );
    return {
      status: true,
      message: INTEGRATION_MESSAGES.imported
        .replace('{accepted}', String(report.accepted))
        .replace('{rejected}', String(report.rejected)),
      data: report,
    };
  });
}
