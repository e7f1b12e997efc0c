import { CLIENT_MESSAGES, urlOf, type AnyEndpoint } from '@cabdesk/contract';
import { ApiError, endSession, UnauthorizedError } from './api-client';
import { messageOf, queryString, sessionHeaders } from './call';

/**
 * A list's CSV export (issue 21): the list's call with `format=csv` answers
 * the whole filtered, sorted set as a stream. It is read as it arrives (the
 * rows so far are shown, and it can be cancelled), then saved under the file
 * name the server gave.
 */

/**
 * Counts the rows of a CSV as its chunks arrive: a line break outside quotes
 * ends a row, so a cell holding a line break ("12 Main St\nFlat 3") is one row.
 */
export class CsvRowCounter {
  private quoted = false;
  private lines = 0;
  private pending = false;

  /** Feeds the next chunk of text. */
  push(chunk: string): void {
    for (let i = 0; i < chunk.length; i++) {
      const char = chunk.charCodeAt(i);
      if (char === 34 /* " */) {
        this.quoted = !this.quoted;
        this.pending = true;
      } else if (char === 10 /* \n */ && !this.quoted) {
        this.lines++;
        this.pending = false;
      } else if (char !== 13 /* \r */) {
        this.pending = true;
      }
    }
  }

  /** Data rows so far: the lines ended, and a last one not yet ended, less the header row. */
  get rows(): number {
    return Math.max(0, this.lines + (this.pending ? 1 : 0) - 1);
  }
}

/**
 * The file name of a `Content-Disposition: attachment; filename="trips-2026-11-24.csv"`
 * (or the RFC 6266 `filename*=UTF-8''...` form), else the fallback.
 */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return safeName(decodeURIComponent(extended[1].trim()), fallback);
    } catch {
      // A malformed escape: try the plain form.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? safeName(name.trim(), fallback) : fallback;
}

/** A name with no path in it (the browser strips one anyway). */
const safeName = (name: string, fallback: string) => name.split(/[\\/]/).pop() || fallback;

export interface StreamedFile {
  blob: Blob;
  name: string;
  rows: number;
}

/**
 * Reads a response body to its end, reporting the rows so far after every
 * chunk, and answers the file (as the server sent it, byte-order mark kept).
 */
export async function readCsv(
  response: Response,
  fallbackName: string,
  onRows: (rows: number) => void,
): Promise<StreamedFile> {
  const name = attachmentName(response.headers.get('Content-Disposition'), fallbackName);
  const type = response.headers.get('Content-Type') ?? 'text/csv;charset=utf-8';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const counter = new CsvRowCounter();
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      counter.push(decoder.decode(value, { stream: true }));
      onRows(counter.rows);
    }
  }
  return { blob: new Blob(chunks, { type }), name, rows: counter.rows };
}

/** Hands a file to the browser to save: an object URL behind a `<a download>` pressed once. */
export function saveFile({ blob, name }: Pick<StreamedFile, 'blob' | 'name'>): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; let it go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fetches a file the API answers (an export, a bank file) with the session's
 * headers. Throws an `ApiError` with the server's message when refused (and
 * ends the session on a 401), an `AbortError` when cancelled.
 */
export async function fetchFile(
  url: string,
  accept: string,
  signal?: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: sessionHeaders(accept), signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(CLIENT_MESSAGES.somethingWentWrong, 0);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 401) {
      endSession();
      throw new UnauthorizedError(messageOf(body) ?? 'Unauthenticated.', body);
    }
    throw new ApiError(
      messageOf(body) ?? CLIENT_MESSAGES.internalServerError,
      response.status,
      body,
    );
  }
  return response;
}

/**
 * Streams the export of a list: its call with this input (the page left out)
 * and `format=csv`, with the session's headers (see fetchFile for refusals).
 */
export async function fetchCsv(
  endpoint: Pick<AnyEndpoint, 'path' | 'export'>,
  input: Record<string, unknown>,
  { signal, onRows }: { signal: AbortSignal; onRows: (rows: number) => void },
): Promise<StreamedFile> {
  const { page: _page, per_page: _perPage, ...filters } = input;
  const url = urlOf(endpoint) + queryString({ ...filters, format: 'csv' });
  const response = await fetchFile(url, 'text/csv', signal);
  return readCsv(response, `${endpoint.export ?? endpoint.path}.csv`, onRows);
}
