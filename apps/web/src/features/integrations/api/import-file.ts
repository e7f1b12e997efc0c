import {
  CLIENT_MESSAGES,
  integrationImportByOwner,
  urlOf,
  type ImportReport,
} from '@cabdesk/contract';
import { ApiError, endSession, UnauthorizedError } from '@/lib/api-client';
import { messageOf, sessionHeaders } from '@/lib/call';
import {
  addReport,
  chunksOf,
  emptyReport,
  IMPORT_CHUNK,
  lineOffsetOf,
  windowsOf,
  type Chunk,
  type ChunkLimits,
  type CsvHeader,
} from './import-chunks';

/** The media type of a file of records: CSV by its name or type, else NDJSON. */
const importTypeOf = (file: File) =>
  file.type === 'text/csv' || /\.csv$/i.test(file.name) ? 'text/csv' : 'application/x-ndjson';

/**
 * Sends one body of records as an Owner (`POST integration-import`) as part
 * of the import `importId` (the server's one summary notification for all
 * its parts). `onSent` hears the share of the body uploaded.
 */
function sendPart(
  body: Blob,
  type: string,
  importId: string,
  onSent: (share: number) => void,
  signal: AbortSignal,
): Promise<ImportReport> {
  const request = new XMLHttpRequest();
  return new Promise<ImportReport>((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('The import was stopped.', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.open(
      'POST',
      `${urlOf(integrationImportByOwner)}?import_id=${encodeURIComponent(importId)}`,
    );
    for (const [name, value] of Object.entries(sessionHeaders('application/json'))) {
      request.setRequestHeader(name, value);
    }
    request.setRequestHeader('Content-Type', type);
    request.upload.onprogress = (event) =>
      onSent(event.lengthComputable && event.total > 0 ? event.loaded / event.total : 0);
    request.onerror = () => reject(new ApiError(CLIENT_MESSAGES.somethingWentWrong, 0));
    request.onabort = () => reject(new DOMException('The import was stopped.', 'AbortError'));
    request.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = undefined;
      }
      if (request.status === 401) {
        endSession();
        reject(new UnauthorizedError(messageOf(answer) ?? 'Unauthenticated.', answer));
        return;
      }
      if (request.status < 200 || request.status >= 300 || answer === undefined) {
        reject(
          new ApiError(
            messageOf(answer) ?? CLIENT_MESSAGES.internalServerError,
            request.status,
            answer,
          ),
        );
        return;
      }
      try {
        resolve(integrationImportByOwner.response.parse(answer).data as ImportReport);
      } catch {
        reject(new ApiError(CLIENT_MESSAGES.somethingWentWrong, request.status, answer));
      }
    };
    request.send(body);
  });
}

/** How far an import has gone: the bytes of the file sent and answered, and the part under way. */
export type ImportProgress = {
  /** Bytes of the file imported, and the share of the part under way sent. */
  sent: number;
  total: number;
  /** The part being sent (from 0), and its first line. */
  part: number;
  line: number;
};

/** Where an import stands after each part: the next part to send, and the report of those sent. */
export type ImportPlace = { next: number; report: ImportReport; nextLine: number };

/** A part the server did not answer with a report: what it was, and why. */
export class ImportPartFailed extends Error {
  constructor(
    readonly chunk: Chunk,
    readonly reason: unknown,
  ) {
    super('An import part failed.');
  }
}

/**
 * Imports a file in parts of whole records (IMPORT_CHUNK), one request
 * after another, from part `from.next` on (a resumed import), adding each
 * part's report to `from.report` with its lines numbered in the whole file.
 * `onPlace` hears where it stands after each part; a part that fails ends
 * it with ImportPartFailed (the parts before it stay imported), and
 * `signal` stops it (an AbortError). Every row is an upsert by its
 * external_id, so a part sent again writes nothing twice.
 */
export async function importInParts(options: {
  file: File;
  importId: string;
  limits?: ChunkLimits;
  from?: ImportPlace;
  onProgress: (progress: ImportProgress) => void;
  onPlace: (place: ImportPlace) => void;
  signal: AbortSignal;
}): Promise<ImportReport> {
  const { file, importId, signal } = options;
  const limits = options.limits ?? IMPORT_CHUNK;
  const type = importTypeOf(file);
  let header: CsvHeader | null = null;
  let report = options.from?.report ?? emptyReport();
  let any = false;
  const chunks = chunksOf(
    windowsOf(file),
    type === 'text/csv' ? 'csv' : 'ndjson',
    limits,
    (found) => (header = found),
  );
  for await (const chunk of chunks) {
    any = true;
    if (chunk.index < (options.from?.next ?? 0)) continue;
    const body = header
      ? new Blob([
          file.slice((header as CsvHeader).start, (header as CsvHeader).end),
          file.slice(chunk.start, chunk.end),
        ])
      : file.slice(chunk.start, chunk.end);
    const progress = (share: number) =>
      options.onProgress({
        sent: chunk.start + share * (chunk.end - chunk.start),
        total: file.size,
        part: chunk.index,
        line: chunk.firstLine,
      });
    progress(0);
    let part: ImportReport;
    try {
      part = await sendPart(body, type, importId, progress, signal);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ImportPartFailed(chunk, error);
    }
    report = addReport(report, part, lineOffsetOf(chunk, header));
    options.onPlace({ next: chunk.index + 1, report, nextLine: chunk.lastLine + 1 });
  }
  // A file without a row: the server says what is wrong with it.
  if (!any) {
    return sendPart(file, type, importId, () => {}, signal);
  }
  options.onProgress({ sent: file.size, total: file.size, part: 0, line: 0 });
  return report;
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
