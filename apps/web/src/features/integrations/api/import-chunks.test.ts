import { IMPORT_ERRORS_LISTED, type ImportReport } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  addReport,
  chunksOf,
  emptyReport,
  lineOffsetOf,
  type Chunk,
  type ChunkLimits,
  type CsvHeader,
} from './import-chunks';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A file's bytes in windows of `size` bytes (odd sizes cut records and characters). */
async function* windows(bytes: Uint8Array, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

/** The parts of a text, and each part's body as the server gets it (a CSV's header, then the part). */
async function split(text: string, format: 'ndjson' | 'csv', limits: ChunkLimits, size = 7) {
  const bytes = encoder.encode(text);
  let header: CsvHeader | null = null;
  const chunks: Chunk[] = [];
  for await (const chunk of chunksOf(windows(bytes, size), format, limits, (h) => (header = h))) {
    chunks.push(chunk);
  }
  const found = header as CsvHeader | null;
  return chunks.map((chunk) => ({
    chunk,
    header: found,
    body:
      (found ? decoder.decode(bytes.slice(found.start, found.end)) : '') +
      decoder.decode(bytes.slice(chunk.start, chunk.end)),
  }));
}

/** The line a text's record starting with `id,` or holding `"id"` begins on, counted as the server counts (from 1). */
const lineOf = (text: string, marker: string) => {
  const at = text.indexOf(marker);
  expect(at).toBeGreaterThanOrEqual(0);
  return text.slice(0, at).split('\n').length;
};

describe('a file split into parts of whole records', () => {
  const ndjson = Array.from({ length: 23 }, (_, i) =>
    i % 6 === 5
      ? '   '
      : JSON.stringify({ kind: 'people', external_id: `r${i}`, name: 'Zoë Ñandú 日本' }),
  ).join('\r\n');

  it('NDJSON: parts of at most the rows asked, every row in one part, lines numbered in the whole file', async () => {
    const parts = await split(ndjson, 'ndjson', { rows: 4, bytes: 1024 * 1024 });
    const ids = (body: string) => [...body.matchAll(/"external_id":"(r\d+)"/g)].map((m) => m[1]!);
    // 23 lines, 3 of them blank: 20 rows in parts of 4.
    expect(parts.map(({ chunk }) => chunk.rows)).toEqual([4, 4, 4, 4, 4]);
    expect(parts.flatMap(({ body }) => ids(body))).toEqual(ids(ndjson));
    for (const { chunk, body, header } of parts) {
      expect(header).toBeNull();
      for (const id of ids(body)) {
        // The line the server names in the part's report, moved to the whole file's.
        const serverLine = lineOf(body, `"${id}"`);
        expect(serverLine + lineOffsetOf(chunk, header)).toBe(lineOf(ndjson, `"${id}"`));
      }
    }
    // The parts are the file, end to end.
    expect(parts.map(({ body }) => body).join('')).toBe(ndjson);
  });

  it('CSV: the header before each part, quoted line ends kept inside a record, lines numbered in the whole file', async () => {
    const csv = [
      '',
      'external_id,kind,name,note',
      'c1,people,"Ann, Lee","two\nlines"',
      'c2,people,Bo,"a ""quoted""\nnote over\nthree lines"',
      '',
      'c3,people,Cy,plain',
      'c4,people,"Dee ""D""",x',
      'c5,people,Eve,"\n"',
      'c6,people,Fay,last',
    ].join('\n');
    const parts = await split(csv, 'csv', { rows: 2, bytes: 1024 * 1024 }, 5);
    expect(parts.map(({ chunk }) => chunk.rows)).toEqual([2, 2, 2]);
    const header = parts[0]!.header!;
    expect(decoder.decode(encoder.encode(csv).slice(header.start, header.end))).toBe(
      'external_id,kind,name,note\n',
    );
    expect(header.lines).toBe(1);
    const ids = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
    expect(parts.map(({ body }) => ids.filter((id) => body.includes(`\n${id},`)))).toEqual([
      ['c1', 'c2'],
      ['c3', 'c4'],
      ['c5', 'c6'],
    ]);
    for (const { chunk, body } of parts) {
      expect(body.startsWith('external_id,kind,name,note\n')).toBe(true);
      for (const id of ids.filter((one) => body.includes(`\n${one},`))) {
        const serverLine = lineOf(body, `\n${id},`) + 1;
        expect(serverLine + lineOffsetOf(chunk, header)).toBe(lineOf(csv, `\n${id},`) + 1);
      }
    }
    // c3 is on line 9, after a two-line and a three-line quoted cell and a blank line (in part 1).
    expect(parts.map(({ chunk }) => [chunk.firstLine, chunk.lastLine])).toEqual([
      [3, 8],
      [9, 10],
      [11, 13],
    ]);
    expect(lineOf(csv, '\nc3,') + 1).toBe(9);
  });

  it('closes a part before it passes the bytes asked (the header counted in), a bigger record alone', async () => {
    const rows = ['h', 'a'.repeat(10), 'b'.repeat(10), 'c'.repeat(40), 'd'.repeat(10)];
    const parts = await split(rows.join('\n') + '\n', 'csv', { rows: 100, bytes: 26 });
    // Header "h\n" is 2 bytes: a + b is 2 + 22 = 24 bytes; c alone is over the limit; d.
    expect(parts.map(({ body }) => body)).toEqual([
      `h\n${'a'.repeat(10)}\n${'b'.repeat(10)}\n`,
      `h\n${'c'.repeat(40)}\n`,
      `h\n${'d'.repeat(10)}\n`,
    ]);
  });

  it('makes no part of blank lines only, and none of a CSV without rows', async () => {
    expect(await split('\n  \n\r\n', 'ndjson', { rows: 2, bytes: 1000 })).toEqual([]);
    expect(await split('external_id,kind\n\n', 'csv', { rows: 2, bytes: 1000 })).toEqual([]);
    const tail = await split('{"a":1}\n{"a":2}\n\n\n', 'ndjson', { rows: 2, bytes: 1000 });
    expect(tail.map(({ chunk }) => chunk.rows)).toEqual([2]);
  });
});

describe('the reports of the parts, added up', () => {
  const part = (accepted: number, lines: number[]): ImportReport => ({
    ...emptyReport(),
    accepted,
    rejected: lines.length,
    errors: lines.map((line) => ({
      line,
      kind: 'trips',
      external_id: `t${line}`,
      reasons: ['No.'],
    })),
    by_kind: { ...emptyReport().by_kind, trips: { accepted, rejected: lines.length } },
  });

  it('adds the counts and numbers each rejected row by its line in the whole file', () => {
    let total = addReport(emptyReport(), part(3, [2]), 0);
    total = addReport(total, part(4, [1, 3]), 5000);
    expect(total).toMatchObject({ accepted: 7, rejected: 3, errors_not_listed: 0 });
    expect(total.errors.map((error) => [error.line, error.external_id])).toEqual([
      [2, 't2'],
      [5001, 't1'],
      [5003, 't3'],
    ]);
    expect(total.by_kind.trips).toEqual({ accepted: 7, rejected: 3 });
  });

  it('lists the rejected rows up to the one-request report’s limit, and counts the rest', () => {
    const many = Array.from({ length: IMPORT_ERRORS_LISTED - 1 }, (_, i) => i + 2);
    let total = addReport(emptyReport(), part(0, many), 0);
    total = addReport(total, { ...part(0, [2, 3, 4]), errors_not_listed: 10 }, 100_000);
    expect(total.errors).toHaveLength(IMPORT_ERRORS_LISTED);
    expect(total.errors.at(-1)!.line).toBe(100_002);
    expect(total.errors_not_listed).toBe(12);
    expect(total.rejected).toBe(IMPORT_ERRORS_LISTED - 1 + 3);
  });
});
