/**
 * The API's public face for other packages (`@cabdesk/api`; the bench is the
 * one user): the app built in-process over a database it opens, its start-up
 * duties, and what replaying the API's own SQL outside it needs (the schema,
 * the session settings). The rest of
 * src/ is the API's own business and may change without notice.
 */
export { buildApp } from './app';
export { bootstrap } from './bootstrap';
export { loadConfig } from './config';
export {
  applySessionSettings,
  openDatabase,
  pgliteOptions,
  type Database,
  type Db,
} from './db/client';
export * as schema from './db/schema';
// The simulator's drivers, which the live-ingest bench drives at scale.
export { createFleet, FIX_INTERVAL_MS } from './simulation/fleet';
export { movePeriodMs } from './simulation/simulation';
