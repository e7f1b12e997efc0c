import { describe, expect, it } from 'vitest';
import { attachmentName, CsvRowCounter, readCsv } from './csv-download';

const rowsOf = (...chunks: string[]) => {
  const counter = new CsvRowCounter();
  for (const chunk of chunks) counter.push(chunk);
  return counter.rows;
};

describe('CsvRowCounter', () => {
  it('counts the data rows, not the header', () => {
    expect(rowsOf('\uFEFFId,Name\r\n1,Ann\r\n2,Bob\r\n')).toBe(2);
    expect(rowsOf('Id,Name\r\n')).toBe(0);
    expect(rowsOf('')).toBe(0);
  });

  it('counts a last row that has no line break yet', () => {
    expect(rowsOf('Id,Name\n1,Ann\n2,Bo')).toBe(2);
  });

  it('counts across chunks that split a row or a CRLF', () => {
    expect(rowsOf('Id,Na', 'me\r', '\n1,Ann\r', '\n2,Bob\r\n')).toBe(2);
  });

  it('keeps a quoted line break inside its row, even across chunks', () => {
    expect(rowsOf('Id,Address\n1,"12 Main St\nFlat 3"\n2,"a ""quoted"" \n', 'word"\n')).toBe(2);
  });
});

describe('attachmentName', () => {
  it('reads the quoted, plain and RFC 6266 forms', () => {
    expect(attachmentName('attachment; filename="trips-2026-11-24.csv"', 'x.csv')).toBe(
      'trips-2026-11-24.csv',
    );
    expect(attachmentName('attachment; filename=sales.csv', 'x.csv')).toBe('sales.csv');
    expect(
      attachmentName(
        `attachment; filename="viajes.csv"; filename*=UTF-8''viajes-%C3%B1.csv`,
        'x.csv',
      ),
    ).toBe('viajes-ñ.csv');
  });

  it('falls back without a name, and drops any path', () => {
    expect(attachmentName(null, 'trips.csv')).toBe('trips.csv');
    expect(attachmentName('attachment', 'trips.csv')).toBe('trips.csv');
    expect(attachmentName('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
  });
});

describe('readCsv', () => {
  it('reports the rows as chunks arrive and answers the whole file with its name', async () => {
    const parts = ['\uFEFFId,Name\n1,Ann\n', '2,Bob\n3,', 'Cy\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const response = new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="trips-2026-11-24.csv"',
      },
    });
    const seen: number[] = [];
    const file = await readCsv(response, 'trips.csv', (rows) => seen.push(rows));
    expect(seen).toEqual([1, 3, 3]);
    expect(file.rows).toBe(3);
    expect(file.name).toBe('trips-2026-11-24.csv');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(parts.join(''));
  });
});
