import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The driver-conformance set: what runs on PGlite, the embedded default,
 * while the whole suite runs on PostgreSQL, production's engine
 * (`npm run test:pglite`; scripts/test.mjs runs both). The query code is the
 * same on both drivers; these files exercise where the drivers differ.
 * Files that always open PGlite themselves (seed, set-password,
 * one-query-per-turn, the data directory lock) already run on it in the
 * PostgreSQL pass and are not repeated here.
 */
export const PGLITE_FILES = [
  // Start-up with the demo data and a call of every module of the route table;
  // a PGlite data directory.
  'test/pglite-conformance.test.ts',
  // Migrations: the migrated template is PGlite's here; the tables it has.
  'src/db/schema.test.ts',
  // The client: batches (a statement per batch here, a cursor on PostgreSQL),
  // prepared statements, statement timing and connection counts.
  'src/db/batches.test.ts',
  'src/lib/sql.test.ts',
  'src/plugins/metrics.test.ts',
  // Transactions: simultaneous requests on one record, instances starting together.
  'test/security/concurrency.test.ts',
  'src/bootstrap.test.ts',
  // Bulk loads: the index builds run one at a time on PGlite's one connection.
  'src/seed/bulk-load.test.ts',
  // CSV export over the batches, and its batch size on PGlite.
  'src/lib/export.test.ts',
  'src/modules/rides/ride-export-leak.test.ts',
  // Notifications: NOTIFY inside transactions, LISTEN between instances.
  'src/modules/notifications/notifications.test.ts',
  'src/modules/notifications/stream.test.ts',
  // A flood of public calls: on PGlite's one connection a refused client must cost
  // no statement, or sign-ins wait behind the flood.
  'test/security/public-calls.test.ts',
  // The server process on a data directory: migrate, demo seed, kill -9, restart.
  'test/faults/kill-restart.test.ts',
];

// The set is PGlite's whatever the shell says: a TEST_DATABASE_URL left set would
// run it on PostgreSQL a second time (global-setup.ts and helper.ts read it).
delete process.env.TEST_DATABASE_URL;

export default defineConfig({
  ...base,
  // PGlite answers in the test's own process, which never waits on another:
  // a worker per core.
  test: { ...base.test, include: PGLITE_FILES, maxWorkers: availableParallelism() },
});
