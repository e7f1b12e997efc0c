import { randomUUID } from 'node:crypto';
import {
  IMPORT_ERRORS_LISTED,
  IMPORT_KINDS,
  INTEGRATION_MESSAGES,
  integrationPayments,
  integrationPeople,
  integrationTrips,
  integrationVehicles,
  type ImportKind,
  type ImportReport,
} from '@cabdesk/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { writePayments, writePeople, writeTrips, type Lined } from './import-batch';
import { addToSummary, noTally, type ImportName, type ImportTally } from './import-summary';
import { applyPayment } from './payments.repository';
import { upsertPerson } from './people.repository';
import { refused, type Refusal } from './refusals';
import { applyTripEvent } from './trips.repository';
import { upsertVehicle } from './vehicles.repository';

/** Rows written per transaction. */
const IMPORT_BATCH_ROWS = 1000;

/**
 * How rows of one kind are checked and written: the schema of its single
 * call's body, and the write of one row inside the batch's transaction,
 * answering why it was refused (nothing of it is kept then) or null.
 */
type Importer<S extends z.ZodType = z.ZodType> = {
  schema: S;
  apply(
    tx: Tx,
    row: z.output<S>,
    context: ImportContext,
    tally: ImportTally,
  ): Promise<string[] | null>;
};

/**
 * What a row's write knows of its import: the batch's time, and who sends
 * it: an integration key, or an Owner at the desk (`keyId` null).
 */
type ImportContext = { now: Date; keyId: number | null; adminId: number | null };

/** Who imports: an integration key (its scopes decide each row) or an Owner (every kind). */
export type Importing = { key: { id: number; scopes: readonly string[] } } | { adminId: number };

/** An import's summary row and notification: by who imports and the import's id. */
const nameOf = (by: Importing, importId: string): ImportName =>
  'key' in by
    ? { source: `key:${by.key.id}`, importId, authorId: null }
    : { source: `admin:${by.adminId}`, importId, authorId: by.adminId };
const importer = <S extends z.ZodType>(definition: Importer<S>) => definition as Importer;

/** The reasons of a refusal, as the single call would have answered them. */
const reasonsOf = (refusal: Refusal) => Object.values(refused(refusal).errors ?? {});

/** The importer of each kind: its single call's schema and write. */
const IMPORTERS: Record<ImportKind, Importer> = {
  people: importer({
    schema: integrationPeople.input,
    async apply(tx, row, { now }, tally) {
      try {
        const result = await upsertPerson(tx, row, now, false);
        if (result.kind !== 'done') return reasonsOf(result);
        if (result.created) {
          if (row.user_type === 'Company') tally.companies += 1;
          else if (row.user_type === 'Driver') tally.drivers += 1;
          else tally.passengers += 1;
        }
        return null;
      } catch (error) {
        if (isUniqueViolation(error, 'users_role_email_key')) {
          return [INTEGRATION_MESSAGES.emailTaken];
        }
        throw error;
      }
    },
  }),
  vehicles: importer({
    schema: integrationVehicles.input,
    async apply(tx, row, { now }, tally) {
      const result = await upsertVehicle(tx, row, now, false);
      if (result.kind !== 'done') return reasonsOf(result);
      if (result.created) tally.vehicles += 1;
      return null;
    },
  }),
  trips: importer({
    schema: integrationTrips.input,
    async apply(tx, row, { keyId, adminId }) {
      const result = await applyTripEvent(tx, keyId === null ? { adminId } : { keyId }, row);
      return result.kind === 'done' ? null : reasonsOf(result);
    },
  }),
  payments: importer({
    schema: integrationPayments.input,
    async apply(tx, row) {
      try {
        const result = await applyPayment(tx, row);
        return result.kind === 'done' ? null : reasonsOf(result);
      } catch (error) {
        if (isUniqueViolation(error, 'transactions_transaction_id_key')) {
          return [INTEGRATION_MESSAGES.transactionIdTaken];
        }
        throw error;
      }
    },
  }),
};

/** One row of a file: its line and its fields, or why it could not be read. */
export type SourceRow =
  { line: number; fields: Record<string, unknown> } | { line: number; unreadable: string };

const KIND_NAMES = Object.keys(IMPORT_KINDS) as ImportKind[];
const isKind = (kind: unknown): kind is ImportKind =>
  typeof kind === 'string' && (KIND_NAMES as string[]).includes(kind);

/** A zod error's messages, each naming its field (the contract's messages mostly do). */
function messagesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    return field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message;
  });
}

type Checked = { line: number; kind: ImportKind; row: unknown };

/**
 * Imports rows of people, vehicles, trips and payments: each checked by its
 * kind's schema and, from an integration key, the key's scope for that
 * kind (an Owner imports every kind), the good ones written IMPORT_BATCH_ROWS to a
 * transaction, each in a savepoint so a row refused by the database leaves
 * the rest of its batch. Every row is an upsert by the marketplace's id, so
 * importing a file again writes the same records. Each batch adds what it
 * registered and rejected to the import's summary and its one notification
 * (import-summary.ts), in its transaction; `importId` names an import sent
 * in several requests, which share them. `onProgress` hears the rows read
 * so far after each batch.
 */
export async function importRows(
  database: Database,
  rows: AsyncIterable<SourceRow>,
  by: Importing,
  clock: () => Date,
  importId: string = randomUUID(),
  onProgress?: (done: { accepted: number; rejected: number }) => void,
): Promise<ImportReport> {
  const name = nameOf(by, importId);
  /** Rows rejected while being read, not yet in the summary: the next write adds them. */
  let unsummarised = 0;
  const report: ImportReport = {
    accepted: 0,
    rejected: 0,
    errors: [],
    errors_not_listed: 0,
    by_kind: Object.fromEntries(
      KIND_NAMES.map((kind) => [kind, { accepted: 0, rejected: 0 }]),
    ) as ImportReport['by_kind'],
  };
  const reject = (line: number, row: Record<string, unknown> | null, reasons: string[]) => {
    report.rejected += 1;
    unsummarised += 1;
    if (isKind(row?.kind)) report.by_kind[row.kind].rejected += 1;
    if (report.errors.length >= IMPORT_ERRORS_LISTED) {
      report.errors_not_listed += 1;
      return;
    }
    const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    report.errors.push({
      line,
      kind: textOf(row?.kind),
      external_id: textOf(row?.external_id),
      reasons,
    });
  };

  let batch: Checked[] = [];
  const write = async (rows: readonly Checked[]) => {
    const context = {
      now: clock(),
      keyId: 'key' in by ? by.key.id : null,
      adminId: 'adminId' in by ? by.adminId : null,
    };
    const readRejected = unsummarised;
    const refusals = await writeBatch(database, rows, context, (tx, tally, refused) =>
      addToSummary(tx, name, { ...tally, rejected: readRejected + refused }),
    );
    unsummarised -= readRejected + refusals.length;
    report.accepted += rows.length - refusals.length;
    for (const { kind } of rows) report.by_kind[kind].accepted += 1;
    const rowAt = new Map(rows.map((checked) => [checked.line, checked]));
    for (const refusal of refusals) {
      const { kind, row } = rowAt.get(refusal.line)!;
      report.by_kind[kind].accepted -= 1;
      reject(refusal.line, { kind, ...(row as object) }, refusal.reasons);
    }
    onProgress?.({ accepted: report.accepted, rejected: report.rejected });
  };
  /**
   * The batch being written while the next one is read and checked: the
   * database and the checks work at once, the batches still written one
   * after the other, in the file's order.
   */
  let writing = null as Promise<void> | null;
  const flush = async () => {
    if (writing) await writing;
    writing = null;
    if (batch.length === 0) return;
    writing = write(batch);
    // Its failure is thrown where it is awaited: by the next flush, or at the end.
    writing.catch(() => {});
    batch = [];
  };

  try {
    for await (const source of rows) {
      if ('unreadable' in source) {
        reject(source.line, null, [source.unreadable]);
        continue;
      }
      const { kind, ...fields } = source.fields;
      if (!isKind(kind)) {
        reject(source.line, source.fields, [`kind must be one of ${KIND_NAMES.join(', ')}.`]);
        continue;
      }
      if ('key' in by && !by.key.scopes.includes(IMPORT_KINDS[kind])) {
        reject(source.line, source.fields, [
          INTEGRATION_MESSAGES.noScope.replace('{scope}', IMPORT_KINDS[kind]),
        ]);
        continue;
      }
      const kindImporter = IMPORTERS[kind];
      const parsed = kindImporter.schema.safeParse(fields);
      if (!parsed.success) {
        reject(source.line, source.fields, messagesOf(parsed.error));
        continue;
      }
      batch.push({ line: source.line, kind, row: parsed.data });
      if (batch.length >= IMPORT_BATCH_ROWS) await flush();
    }
    await flush();
    await writing;
  } catch (error) {
    // A file cut short or too large: the batch being written ends before the answer.
    await writing?.catch(() => {});
    throw error;
  }
  if (report.accepted + report.rejected === 0) {
    throw new HttpError(400, INTEGRATION_MESSAGES.importEmpty);
  }
  // The rows rejected after the last batch was written.
  if (unsummarised > 0) {
    const rejected = unsummarised;
    await database.db.transaction((tx) => addToSummary(tx, name, { ...noTally(), rejected }));
  }
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

/** A row the database or a rule refused: its savepoint, or its batch, is rolled back. */
class RowRefused extends Error {
  constructor(
    readonly line: number,
    readonly reasons: string[],
  ) {
    super(reasons.join(' '));
  }
}

/** A batch the set-based write cannot write as the single calls would: it is written row by row. */
class RowByRow extends Error {}

/**
 * Writes a batch in one transaction and answers its refused rows: each run
 * of rows of one kind by the set-based writes of import-batch.ts, in the
 * file's order, so a trip finds the passenger a line above it. Vehicles go
 * row by row in it (a marketplace has few beside its trips, and a new one
 * may add to the catalogue). A refused vehicle, or a row the database
 * refuses (an e-mail address taken meanwhile by another writer), rolls the
 * batch back, and the batch is written again row by row (writeRowByRow),
 * which refuses that row alone. `summarise` adds what the batch registered
 * and refused to the import's summary, in the batch's transaction.
 */
async function writeBatch(
  database: Database,
  batch: readonly Checked[],
  context: ImportContext,
  summarise: Summarise,
): Promise<{ line: number; reasons: string[] }[]> {
  try {
    return await database.db.transaction(async (tx) => {
      const refusals: { line: number; reasons: string[] }[] = [];
      const tally = noTally();
      for (const run of runsOf(batch)) {
        const kind = run[0]!.kind;
        if (kind !== 'vehicles') {
          const lined = run.map(({ line, row }) => ({ line, row }) as Lined<never>);
          const refused =
            kind === 'trips'
              ? await writeTrips(tx, lined, sourceOf(context))
              : kind === 'payments'
                ? await writePayments(tx, lined)
                : await writePeople(tx, lined, context.now, tally);
          for (const { line, refusal } of refused)
            refusals.push({ line, reasons: reasonsOf(refusal) });
          continue;
        }
        // Vehicles, row by row: a vehicle refused after its brand was added is undone row by row.
        for (const { row } of run) {
          if (await IMPORTERS.vehicles.apply(tx, row, context, tally)) throw new RowByRow();
        }
      }
      await summarise(tx, tally, refusals.length);
      return refusals;
    });
  } catch (error) {
    if (!(error instanceof RowByRow) && !isUniqueViolation(error)) throw error;
    return writeRowByRow(database, batch, context, summarise);
  }
}

/** Adds a batch's registrations and refused rows to the import's summary, in its transaction. */
type Summarise = (tx: Tx, tally: ImportTally, refused: number) => Promise<void>;

/** Who records a batch's trip events: its key, or the Owner at the desk. */
const sourceOf = ({ keyId, adminId }: ImportContext) => (keyId === null ? { adminId } : { keyId });

/** The batch's consecutive rows of one kind. */
function runsOf(batch: readonly Checked[]) {
  const runs: Checked[][] = [];
  for (const checked of batch) {
    const last = runs.at(-1);
    if (last && last[0]!.kind === checked.kind) last.push(checked);
    else runs.push([checked]);
  }
  return runs;
}

/** Times a batch is written whole, each time without the row refused the time before. */
const WHOLE_BATCH_TRIES = 3;

/**
 * Writes a batch row by row with the single calls' writes, in one
 * transaction: first as a whole (a refused row rolls the batch back, and it
 * is written again without that row); after WHOLE_BATCH_TRIES refusals, each
 * row gets a savepoint. Savepoints are the slow way: a row lock taken again in each
 * (the company of a thousand drivers) grows a multixact with every one.
 */
async function writeRowByRow(
  database: Database,
  batch: readonly Checked[],
  context: ImportContext,
  summarise: Summarise,
): Promise<{ line: number; reasons: string[] }[]> {
  const refusals: { line: number; reasons: string[] }[] = [];
  let rows = batch;
  for (let attempt = 0; attempt < WHOLE_BATCH_TRIES; attempt += 1) {
    try {
      await database.db.transaction(async (tx) => {
        const tally = noTally();
        for (const { line, kind, row } of rows) {
          const reasons = await IMPORTERS[kind].apply(tx, row, context, tally);
          if (reasons) throw new RowRefused(line, reasons);
        }
        await summarise(tx, tally, refusals.length);
      });
      return refusals;
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      refusals.push({ line: error.line, reasons: error.reasons });
      rows = rows.filter((checked) => checked.line !== error.line);
    }
  }
  await database.db.transaction(async (tx) => {
    const tally = noTally();
    for (const { line, kind, row } of rows) {
      // A row's registration counts once its savepoint is kept.
      const rowTally = noTally();
      try {
        await tx.transaction(async (savepoint) => {
          const reasons = await IMPORTERS[kind].apply(savepoint, row, context, rowTally);
          if (reasons) throw new RowRefused(line, reasons);
        });
        for (const key of Object.keys(tally) as (keyof ImportTally)[]) tally[key] += rowTally[key];
      } catch (error) {
        if (!(error instanceof RowRefused)) throw error;
        refusals.push({ line, reasons: error.reasons });
      }
    }
    await summarise(tx, tally, refusals.length);
  });
  return refusals;
}
