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
  apply(tx: Tx, row: z.output<S>, context: ImportContext): Promise<string[] | null>;
};

/**
 * What a row's write knows of its import: the batch's time, and who sends
 * it: an integration key, or an Owner at the desk (`keyId` null).
 */
type ImportContext = { now: Date; keyId: number | null; adminId: number | null };

/** Who imports: an integration key (its scopes decide each row) or an Owner (every kind). */
export type Importing = { key: { id: number; scopes: readonly string[] } } | { adminId: number };
const importer = <S extends z.ZodType>(definition: Importer<S>) => definition as Importer;

/** The reasons of a refusal, as the single call would have answered them. */
const reasonsOf = (refusal: Refusal) => Object.values(refused(refusal).errors ?? {});

/** The importer of each kind: its single call's schema and write. */
const IMPORTERS: Record<ImportKind, Importer> = {
  people: importer({
    schema: integrationPeople.input,
    async apply(tx, row, { now }) {
      try {
        const result = await upsertPerson(tx, row, now);
        return result.kind === 'done' ? null : reasonsOf(result);
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
    async apply(tx, row, { now }) {
      const result = await upsertVehicle(tx, row, now);
      return result.kind === 'done' ? null : reasonsOf(result);
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
 * importing a file again writes the same records. `onProgress` hears the
 * rows read so far after each batch.
 */
export async function importRows(
  database: Database,
  rows: AsyncIterable<SourceRow>,
  by: Importing,
  clock: () => Date,
  onProgress?: (done: { accepted: number; rejected: number }) => void,
): Promise<ImportReport> {
  const report: ImportReport = { accepted: 0, rejected: 0, errors: [], errors_not_listed: 0 };
  const reject = (line: number, reasons: string[]) => {
    report.rejected += 1;
    if (report.errors.length < IMPORT_ERRORS_LISTED) report.errors.push({ line, reasons });
    else report.errors_not_listed += 1;
  };

  let batch: Checked[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const context = {
      now: clock(),
      keyId: 'key' in by ? by.key.id : null,
      adminId: 'adminId' in by ? by.adminId : null,
    };
    const refusals = await writeBatch(database, batch, context);
    report.accepted += batch.length - refusals.length;
    for (const refusal of refusals) reject(refusal.line, refusal.reasons);
    batch = [];
    onProgress?.({ accepted: report.accepted, rejected: report.rejected });
  };

  for await (const source of rows) {
    if ('unreadable' in source) {
      reject(source.line, [source.unreadable]);
      continue;
    }
    const { kind, ...fields } = source.fields;
    if (!isKind(kind)) {
      reject(source.line, [`kind must be one of ${KIND_NAMES.join(', ')}.`]);
      continue;
    }
    if ('key' in by && !by.key.scopes.includes(IMPORT_KINDS[kind])) {
      reject(source.line, [INTEGRATION_MESSAGES.noScope.replace('{scope}', IMPORT_KINDS[kind])]);
      continue;
    }
    const kindImporter = IMPORTERS[kind];
    const parsed = kindImporter.schema.safeParse(fields);
    if (!parsed.success) {
      reject(source.line, messagesOf(parsed.error));
      continue;
    }
    batch.push({ line: source.line, kind, row: parsed.data });
    if (batch.length >= IMPORT_BATCH_ROWS) await flush();
  }
  await flush();
  if (report.accepted + report.rejected === 0) {
    throw new HttpError(400, INTEGRATION_MESSAGES.importEmpty);
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

/** Times a batch is written whole, each time without the row refused the time before. */
const WHOLE_BATCH_TRIES = 3;

/**
 * Writes a batch in one transaction and answers its refused rows. First as
 * a whole: a refused row rolls the batch back, and it is written again
 * without that row. After WHOLE_BATCH_TRIES refusals, each row gets a
 * savepoint. Savepoints are the slow way: a row lock taken again in each
 * (the company of a thousand drivers) grows a multixact with every one.
 */
async function writeBatch(
  database: Database,
  batch: readonly Checked[],
  context: ImportContext,
): Promise<{ line: number; reasons: string[] }[]> {
  const refusals: { line: number; reasons: string[] }[] = [];
  let rows = batch;
  for (let attempt = 0; attempt < WHOLE_BATCH_TRIES; attempt += 1) {
    try {
      await database.db.transaction(async (tx) => {
        for (const { line, kind, row } of rows) {
          const reasons = await IMPORTERS[kind].apply(tx, row, context);
          if (reasons) throw new RowRefused(line, reasons);
        }
      });
      return refusals;
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      refusals.push({ line: error.line, reasons: error.reasons });
      rows = rows.filter((checked) => checked.line !== error.line);
    }
  }
  await database.db.transaction(async (tx) => {
    for (const { line, kind, row } of rows) {
      try {
        await tx.transaction(async (savepoint) => {
          const reasons = await IMPORTERS[kind].apply(savepoint, row, context);
          if (reasons) throw new RowRefused(line, reasons);
        });
      } catch (error) {
        if (!(error instanceof RowRefused)) throw error;
        refusals.push({ line, reasons: error.reasons });
      }
    }
  });
  return refusals;
}
