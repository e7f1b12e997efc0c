import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { SourceRow } from './import';

/** The text of a stream, chunk by chunk (UTF-8 split safely), refusing past `maxBytes`. */
async function* textOf(
  stream: AsyncIterable<Buffer | string>,
  maxBytes: number,
  tooLarge: () => Error,
) {
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > maxBytes) throw tooLarge();
    yield decoder.write(buffer);
  }
  yield decoder.end();
}

/** The lines of a text stream, numbered from 1, without their line ends. */
async function* linesOf(text: AsyncIterable<string>) {
  let rest = '';
  let line = 0;
  for await (const chunk of text) {
    rest += chunk;
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      line += 1;
      yield { line, text: rest.slice(0, end).replace(/\r$/, '') };
      rest = rest.slice(end + 1);
    }
  }
  if (rest !== '') yield { line: line + 1, text: rest.replace(/\r$/, '') };
}

const NOT_AN_OBJECT = 'The line is not a JSON object: {"kind": ..., ...}.';

/** NDJSON: one JSON object a line; blank lines are skipped. */
export async function* ndjsonRows(
  stream: Readable,
  maxBytes: number,
  tooLarge: () => Error,
): AsyncGenerator<SourceRow> {
  for await (const { line, text } of linesOf(textOf(stream, maxBytes, tooLarge))) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line, unreadable: NOT_AN_OBJECT };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { line, unreadable: NOT_AN_OBJECT };
    } else {
      yield { line, fields: value as Record<string, unknown> };
    }
  }
}

/**
 * The records of CSV text (RFC 4180: fields in double quotes may hold commas,
 * line ends and doubled quotes), each with the line it starts on.
 */
async function* csvRecords(text: AsyncIterable<string>) {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let start = 1;
  let pending = '';
  const take = () => {
    fields.push(field);
    field = '';
    afterQuote = false;
  };
  for await (const chunk of text) {
    const input = pending + chunk;
    pending = '';
    for (let i = 0; i < input.length; i += 1) {
      const char = input[i]!;
      if (quoted) {
        if (char === '"') {
          if (i + 1 === input.length) {
            // A quote at the chunk's end: the next chunk says whether it is doubled.
            pending = '"';
            break;
          }
          if (input[i + 1] === '"') {
            field += '"';
            i += 1;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else {
          if (char === '\n') line += 1;
          field += char;
        }
      } else if (char === '"' && field === '' && !afterQuote) {
        quoted = true;
      } else if (char === ',') {
        take();
      } else if (char === '\n') {
        take();
        yield { line: start, fields };
        fields = [];
        line += 1;
        start = line;
      } else if (char !== '\r') {
        field += char;
      }
    }
  }
  if (pending) field += '"';
  if (field !== '' || fields.length > 0) {
    take();
    yield { line: start, fields };
  }
}

/**
 * CSV with a header row: each record's cells by their header names (an
 * empty cell is a field left out), with `kind` from the query when the file
 * has no such column. Blank lines are skipped.
 */
export async function* csvRows(
  stream: Readable,
  kind: string | undefined,
  maxBytes: number,
  tooLarge: () => Error,
): AsyncGenerator<SourceRow> {
  let header: string[] | null = null;
  for await (const record of csvRecords(textOf(stream, maxBytes, tooLarge))) {
    if (record.fields.length === 1 && record.fields[0]!.trim() === '') continue;
    if (header === null) {
      header = record.fields.map((name) => name.trim().replace(/^\uFEFF/, ''));
      continue;
    }
    if (record.fields.length !== header.length) {
      yield {
        line: record.line,
        unreadable: `The row has ${record.fields.length} cells; the header has ${header.length}.`,
      };
      continue;
    }
    const fields: Record<string, unknown> = kind === undefined ? {} : { kind };
    header.forEach((name, i) => {
      const cell = record.fields[i]!;
      if (cell !== '') fields[name] = cell;
    });
    yield { line: record.line, fields };
  }
}
