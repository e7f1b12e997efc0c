import {
  CLIENT_MESSAGES,
  integrationImportByOwner,
  urlOf,
  type ImportReport,
} from '@cabdesk/contract';
import { ApiError, endSession, UnauthorizedError } from '@/lib/api-client';
import { messageOf, sessionHeaders } from '@/lib/call';

/** The media type of a file of records: CSV by its name or type, else NDJSON. */
const importTypeOf = (file: File) =>
  file.type === 'text/csv' || /\.csv$/i.test(file.name) ? 'text/csv' : 'application/x-ndjson';

/** How far an import has gone: the bytes the server has read of the file. */
export type ImportProgress = { sent: number; total: number };

/**
 * Imports a file as an Owner (`POST integration-import`) in one request. The
 * server reads the file as it writes its rows, batch by batch, so the bytes
 * it has taken (the upload's progress) follow the rows written; after the
 * last byte, it writes the last batch and answers the report.
 */
export function importFile(
  file: File,
  onProgress: (progress: ImportProgress) => void,
): { done: Promise<ImportReport>; cancel: () => void } {
  const request = new XMLHttpRequest();
  const done = new Promise<ImportReport>((resolve, reject) => {
    request.open('POST', urlOf(integrationImportByOwner));
    for (const [name, value] of Object.entries(sessionHeaders('application/json'))) {
      request.setRequestHeader(name, value);
    }
    request.setRequestHeader('Content-Type', importTypeOf(file));
    request.upload.onprogress = (event) =>
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onerror = () => reject(new ApiError(CLIENT_MESSAGES.somethingWentWrong, 0));
    request.onabort = () => reject(new DOMException('The import was cancelled.', 'AbortError'));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 401) {
        endSession();
        reject(new UnauthorizedError(messageOf(body) ?? 'Unauthenticated.', body));
        return;
      }
      if (request.status < 200 || request.status >= 300 || body === undefined) {
        reject(
          new ApiError(
            messageOf(body) ?? CLIENT_MESSAGES.internalServerError,
            request.status,
            body,
          ),
        );
        return;
      }
      try {
        resolve(integrationImportByOwner.response.parse(body).data as ImportReport);
      } catch {
        reject(new ApiError(CLIENT_MESSAGES.somethingWentWrong, request.status, body));
      }
    };
    request.send(file);
  });
  return { done, cancel: () => request.abort() };
}

/** A CSV cell: quoted when it holds a comma, quote or line end; a leading =, +, - or @ made text. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rejected rows of a report as CSV: line, kind, external_id, reason (a row's reasons in one cell). */
export function rejectedRowsCsv(report: ImportReport): string {
  const lines = ['line,kind,external_id,reason'];
  for (const error of report.errors) {
    lines.push(
      [error.line, error.kind, error.external_id, error.reasons.join(' ')].map(cell).join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
