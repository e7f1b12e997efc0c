import { Readable } from 'node:stream';
import { localizeMessage, mayExport, negotiateLanguage, type AnyEndpoint } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { roleRefused, sessionOf } from '../modules/auth';
import { audit } from './audit';
import { BOM, csvLine, type CellValue } from './csv';

/** A column of an export: its header (English, translated per request) and its cell. */
export type CsvColumn<T> = { header: string; cell: (item: T) => CellValue };

/**
 * An export's columns by header, in order: a field's name prints that field,
 * a function what it answers for the item.
 */
export function csvColumns<T>(
  columns: Record<string, (keyof T & string) | ((item: T) => CellValue)>,
): CsvColumn<T>[] {
  return Object.entries(columns).map(([header, cell]) => ({
    header,
    cell: typeof cell === 'function' ? cell : (item: T) => item[cell] as CellValue,
  }));
}

/** Rows per statement while exporting a small list (pagedBatches) or on PGlite. */
const EXPORT_BATCH = 1000;

/**
 * Rows per cursor fetch on PostgreSQL. A fetched batch stays alive while the
 * client drains it, so the young generation promotes it and the old one grows
 * until its next full collection: a million-trip export peaked 50-80 MB over
 * idle with 1,000 rows a fetch and 25-30 MB with 250, at the same rows/s.
 * PGlite reads by OFFSET, where fewer, larger statements cost less.
 */
const CURSOR_BATCH = 250;

/** The query parameters that shape a page, not the set: left out of the audit row. */
const NOT_FILTERS = new Set(['page', 'per_page', 'format']);

/**
 * The file an export is saved as: named after the days it covers when the
 * list is filtered by them (`trips_2026-11-16_to_2026-11-22.csv`, from a day
 * on: `trips_2026-11-16_to_<today>.csv`, up to one: `trips_to_2026-11-22.csv`),
 * else after the day it was made (`trips-2026-11-24.csv`).
 */
function fileNameOf(name: string, query: unknown, now: Date): string {
  const { from, to } = (query ?? {}) as { from?: unknown; to?: unknown };
  const day = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const [start, end] = [day(from), day(to)];
  const today = now.toISOString().slice(0, 10);
  if (start) return `${name}_${start}_to_${end ?? today}.csv`;
  if (end) return `${name}_to_${end}.csv`;
  return `${name}-${today}.csv`;
}

/**
 * Answers `format=csv` of a list call: the whole set `batches` yields (every
 * row the filters keep, in the list's order), as a CSV download streamed in
 * batches while the client reads it: a slow client slows the reading, one
 * that goes away stops it (the stream is destroyed, which ends `batches`).
 * Only EXPORT_ROLES may (403 otherwise). Then the rows are opened
 * (itemBatches, pagedBatches: the list's first statement runs), so that a
 * statement the input makes fail (a date PostgreSQL cannot take) or a
 * database that is down gets its error answer before the export is audited
 * or a byte is sent. The export is audited with the list and its filters.
 * The header row is in the request's language.
 */
export async function sendCsv<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  database: Database,
  now: Date,
  list: {
    endpoint: AnyEndpoint;
    columns: readonly CsvColumn<T>[];
    /** Opens the rows to export: itemBatches, pagedBatches or rows at hand. */
    batches: () => Promise<AsyncIterable<T[]> | Iterable<T[]>>;
  },
): Promise<FastifyReply> {
  const { role } = sessionOf(request);
  const { endpoint, columns } = list;
  if (!mayExport(role, endpoint) || endpoint.export === null) throw roleRefused(role);
  const batches = await list.batches();
  const filters = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      ([name, value]) => !NOT_FILTERS.has(name) && value !== undefined,
    ),
  );
  await audit(database.db, request, {
    action: 'export',
    tableName: endpoint.export,
    after: { list: endpoint.path, filters },
  });
  const language = negotiateLanguage(request.headers['accept-language']);
  const header = csvLine(columns.map((c) => localizeMessage(c.header, language)));
  async function* lines() {
    yield BOM + header;
    for await (const batch of batches) {
      yield batch.map((item) => csvLine(columns.map((c) => c.cell(item)))).join('');
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${fileNameOf(endpoint.export, request.query, now)}"`,
    )
    .header('cache-control', 'no-store')
    .send(Readable.from(lines(), { objectMode: false }));
}

/**
 * The items of a small list read a batch at a time by its own page call
 * (`rows(limit, offset)`): the FAQ, coupons, the review queue, expiring
 * documents, each a few hundred rows at most. The first batch is read before
 * this answers (see sendCsv).
 */
export async function pagedBatches<T>(
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<AsyncIterable<T[]>> {
  let batch = await rows(EXPORT_BATCH, 0);
  return (async function* () {
    for (let offset = EXPORT_BATCH; ; offset += EXPORT_BATCH) {
      if (batch.length) yield batch;
      if (batch.length < EXPORT_BATCH) return;
      batch = await rows(EXPORT_BATCH, offset);
    }
  })();
}

/** pagedBatches of a list read by its page call (`{ page, per_page }`, answering `{ data }`). */
export const pageBatches = <T>(
  read: (page: { page: number; per_page: number }) => Promise<{ data: T[] }>,
) =>
  pagedBatches(
    async (limit, offset) => (await read({ page: offset / limit + 1, per_page: limit })).data,
  );

/**
 * The items of a list's export statement, batch by batch (its rows through
 * `toItem`). The statement is tried first with no rows (`limit 0`: planned,
 * its parameters bound) before this answers (see sendCsv); its cursor is
 * opened only when the reading starts, so no connection is held meanwhile.
 */
export async function itemBatches<R, T>(
  database: Database,
  list: { query: SQL; toItem: (row: R) => T },
): Promise<AsyncIterable<T[]>> {
  await database.rows(sql`select 1 from (${list.query}) q limit 0`);
  const size = database.kind === 'postgres' ? CURSOR_BATCH : EXPORT_BATCH;
  return (async function* () {
    for await (const batch of database.batches<R>(list.query, size)) {
      yield batch.map(list.toItem);
    }
  })();
}
