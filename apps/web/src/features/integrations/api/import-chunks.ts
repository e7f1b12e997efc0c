import { IMPORT_ERRORS_LISTED, type ImportReport } from '@cabdesk/contract';

/*
 * A big file of records is sent in parts, each a request the server answers
 * well within its request timeout: whole records only, a bounded number of
 * rows and bytes each. The parts are found in the file's bytes (a line end
 * and a CSV quote are single bytes in UTF-8, never inside a character), so a
 * part is a slice of the file, never a copy of it, and the file is read once,
 * a window at a time, as the parts are sent.
 */

/** How many rows and bytes one part holds at most. */
export type ChunkLimits = { rows: number; bytes: number };

/**
 * The default parts: 5,000 rows, which the server writes in a few
 * thousand-row transactions, and at most 1 MiB, the API's body limit for
 * JSON (apps/api/src/app.ts), which proxies in front of it are set up for.
 */
export const IMPORT_CHUNK: ChunkLimits = { rows: 5_000, bytes: 1024 * 1024 };

/** One part of a file: bytes [start, end) of it, its first line and its rows. */
export type Chunk = {
  /** The part's position, from 0. */
  index: number;
  start: number;
  end: number;
  /** The file's line the part's first byte is on (from 1). */
  firstLine: number;
  /** The last line it has a byte of. */
  lastLine: number;
  /** The records in it that are not blank. */
  rows: number;
};

/** A CSV file's header record: bytes [start, end) with its line end, and the lines it spans. */
export type CsvHeader = { start: number; end: number; lines: number };

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const COMMA = 0x2c;
/** UTF-8's byte order mark, which may open a file. */
const BOM = [0xef, 0xbb, 0xbf];

/**
 * Finds the parts of a file given as windows of its bytes in order. Records
 * are lines (NDJSON), or CSV records, whose quoted cells may hold line ends
 * (RFC 4180, read as the server reads them: a quote opens a quoted cell only
 * at the cell's start). A CSV's header is not in any part: `header` hears
 * where it is, and each part is sent after it. A record bigger than
 * `limits.bytes` is a part of its own. Blank records count as no row; a part
 * of blank records only is not made.
 */
export async function* chunksOf(
  windows: AsyncIterable<Uint8Array>,
  format: 'ndjson' | 'csv',
  limits: ChunkLimits,
  header?: (header: CsvHeader) => void,
): AsyncGenerator<Chunk> {
  let offset = 0; // the absolute position of the window's first byte
  let line = 1;
  // The record being read.
  let recordStart = 0;
  let recordLine = 1;
  let recordBlank = true;
  // CSV state, as the server's reader keeps it.
  let quoted = false;
  let atCellStart = true;
  let quoteMaybeClosing = false;
  // The part being gathered.
  let needHeader = format === 'csv';
  let headerBytes = 0;
  let chunk: Omit<Chunk, 'index'> | null = null;
  let index = 0;
  const made: Chunk[] = [];

  const close = () => {
    if (chunk && chunk.rows > 0) made.push({ index: index++, ...chunk });
    chunk = null;
  };
  /** The record [recordStart, end) is whole: into the part, or the header. */
  const record = (end: number, lastLine: number) => {
    if (needHeader) {
      if (recordBlank) return;
      needHeader = false;
      headerBytes = end - recordStart;
      header?.({ start: recordStart, end, lines: lastLine - recordLine + 1 });
      chunk = null;
      return;
    }
    const rows = recordBlank ? 0 : 1;
    if (
      chunk &&
      (chunk.rows + rows > limits.rows || headerBytes + (end - chunk.start) > limits.bytes)
    ) {
      close();
    }
    if (chunk) {
      chunk.end = end;
      chunk.lastLine = lastLine;
      chunk.rows += rows;
    } else {
      chunk = { start: recordStart, end, firstLine: recordLine, lastLine, rows };
    }
  };

  /** A byte of a blank line: space, tab, carriage return, or the file's byte order mark. */
  const blank = (byte: number, at: number) =>
    byte === 0x20 || byte === 0x09 || byte === 0x0d || (at < 3 && byte === BOM[at]);
  /** A line end at `at`: the record before it is whole. */
  const lineEnd = (at: number) => {
    record(at + 1, line);
    line += 1;
    recordStart = at + 1;
    recordLine = line;
    recordBlank = true;
    atCellStart = true;
  };

  for await (const bytes of windows) {
    if (format === 'ndjson') {
      // Lines: found by indexOf; a line is blank until a byte says otherwise (most say so at once).
      let i = 0;
      while (i < bytes.length) {
        const end = bytes.indexOf(NEWLINE, i);
        const stop = end < 0 ? bytes.length : end;
        for (let j = i; recordBlank && j < stop; j += 1) {
          if (!blank(bytes[j]!, offset + j)) recordBlank = false;
        }
        if (end < 0) break;
        lineEnd(offset + end);
        i = end + 1;
      }
    } else {
      for (let i = 0; i < bytes.length; i += 1) {
        const byte = bytes[i]!;
        if (quoteMaybeClosing) {
          quoteMaybeClosing = false;
          // A doubled quote is a quote in the cell; a single one closes it.
          if (byte === QUOTE) continue;
          quoted = false;
        }
        if (quoted) {
          if (byte === QUOTE) quoteMaybeClosing = true;
          else if (byte === NEWLINE) line += 1;
        } else if (byte === NEWLINE) {
          lineEnd(offset + i);
        } else if (byte === QUOTE && atCellStart) {
          quoted = true;
          atCellStart = false;
          recordBlank = false;
        } else if (byte === COMMA) {
          atCellStart = true;
          recordBlank = false;
        } else {
          atCellStart = false;
          if (!blank(byte, offset + i)) recordBlank = false;
        }
      }
    }
    offset += bytes.length;
    yield* made.splice(0);
  }
  // The last record, without a line end.
  if (offset > recordStart) record(offset, line);
  close();
  yield* made.splice(0);
}

/** A file's bytes, a window at a time (a slice read, then the next). */
export async function* windowsOf(file: Blob, size = 4 * 1024 * 1024) {
  for (let at = 0; at < file.size; at += size) {
    yield new Uint8Array(await file.slice(at, at + size).arrayBuffer());
  }
}

/**
 * What a part's own lines are in the whole file: the server numbers the
 * lines of the body it got, which for a CSV part is the header, then the part.
 */
export const lineOffsetOf = (chunk: Chunk, header: CsvHeader | null) =>
  chunk.firstLine - 1 - (header?.lines ?? 0);

/** An empty report, to add parts' reports to. */
export const emptyReport = (): ImportReport => ({
  accepted: 0,
  rejected: 0,
  errors: [],
  errors_not_listed: 0,
  by_kind: {
    people: { accepted: 0, rejected: 0 },
    vehicles: { accepted: 0, rejected: 0 },
    trips: { accepted: 0, rejected: 0 },
    payments: { accepted: 0, rejected: 0 },
  },
});

/**
 * The report of the parts so far with one more part's: counts added, its
 * rejected rows numbered by their line in the whole file, listed up to
 * IMPORT_ERRORS_LISTED as one request's report lists them, the rest counted.
 */
export function addReport(total: ImportReport, part: ImportReport, lineOffset: number) {
  const room = Math.max(IMPORT_ERRORS_LISTED - total.errors.length, 0);
  const listed = part.errors.slice(0, room);
  const kinds = Object.keys(total.by_kind) as (keyof ImportReport['by_kind'])[];
  return {
    accepted: total.accepted + part.accepted,
    rejected: total.rejected + part.rejected,
    errors: [
      ...total.errors,
      ...listed.map((error) => ({ ...error, line: error.line + lineOffset })),
    ],
    errors_not_listed:
      total.errors_not_listed + part.errors_not_listed + (part.errors.length - listed.length),
    by_kind: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        {
          accepted: total.by_kind[kind].accepted + part.by_kind[kind].accepted,
          rejected: total.by_kind[kind].rejected + part.by_kind[kind].rejected,
        },
      ]),
    ) as ImportReport['by_kind'],
  } satisfies ImportReport;
}
